/**
 * Writes the artwork of the built-in banner templates (api/assets/templates/<id>.svg): a 480x895
 * portrait background with a motif in the lower part, leaving the upper part for the template text.
 * The artwork is original to this project; rerun after changing a motif:
 *   tsx scripts/generate-template-art.ts
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILT_IN_TEMPLATES } from '@oppslag/common';

const W = 480;
const H = 895;

interface Art {
  top: string;
  bottom: string;
  motif: string;
}

const star = (x: number, y: number, r: number, fill: string) =>
  `<path d="M${x} ${y - r}L${x + r * 0.3} ${y - r * 0.3}L${x + r} ${y}L${x + r * 0.3} ${y + r * 0.3}L${x} ${y + r}L${x - r * 0.3} ${y + r * 0.3}L${x - r} ${y}L${x - r * 0.3} ${y - r * 0.3}Z" fill="${fill}"/>`;
const leaf = (x: number, y: number, rot: number, fill: string) =>
  `<path transform="translate(${x} ${y}) rotate(${rot})" d="M0 -30C22 -18 22 14 0 30C-22 14 -22 -18 0 -30Z" fill="${fill}"/><path transform="translate(${x} ${y}) rotate(${rot})" d="M0 -30V38" stroke="#00000033" stroke-width="2"/>`;
const flake = (x: number, y: number, r: number) =>
  `<g transform="translate(${x} ${y})" stroke="#ffffffcc" stroke-width="3" stroke-linecap="round"><path d="M0 ${-r}V${r}M${-r * 0.87} ${-r / 2}L${r * 0.87} ${r / 2}M${-r * 0.87} ${r / 2}L${r * 0.87} ${-r / 2}"/></g>`;
const flag = (x: number, y: number) =>
  `<g transform="translate(${x} ${y})"><rect x="-3" y="0" width="5" height="150" fill="#e5e7eb"/><rect x="2" y="0" width="88" height="64" fill="#ba0c2f"/><path d="M26 0h14v64H26zM2 25h88v14H2z" fill="#fff"/><path d="M29 0h8v64h-8zM2 28h88v8H2z" fill="#00205b"/></g>`;
const ban = (x: number, y: number, r: number) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="#ef4444" stroke-width="14"/><path d="M${x - r * 0.7} ${y - r * 0.7}L${x + r * 0.7} ${y + r * 0.7}" stroke="#ef4444" stroke-width="14"/>`;
const hills = (fill: string) => `<path d="M0 790Q120 730 240 780T480 770V895H0Z" fill="${fill}"/>`;

const ART: Record<string, Art> = {
  bunny: {
    top: '#fff8dc',
    bottom: '#d7efc4',
    motif: `${hills('#a7d98b')}<ellipse cx="240" cy="740" rx="70" ry="58" fill="#fff" stroke="#c9b8a8" stroke-width="3"/><circle cx="240" cy="660" r="42" fill="#fff" stroke="#c9b8a8" stroke-width="3"/><ellipse cx="222" cy="588" rx="13" ry="42" fill="#fff" stroke="#c9b8a8" stroke-width="3"/><ellipse cx="258" cy="588" rx="13" ry="42" fill="#fff" stroke="#c9b8a8" stroke-width="3"/><ellipse cx="222" cy="590" rx="5" ry="28" fill="#f9c6d0"/><ellipse cx="258" cy="590" rx="5" ry="28" fill="#f9c6d0"/><circle cx="226" cy="655" r="5" fill="#1f2933"/><circle cx="254" cy="655" r="5" fill="#1f2933"/><circle cx="240" cy="670" r="6" fill="#f29bab"/><ellipse cx="110" cy="800" rx="26" ry="34" fill="#f7b267"/><ellipse cx="370" cy="805" rx="26" ry="34" fill="#9ad1f5"/><path d="M86 800h48M346 805h48" stroke="#fff" stroke-width="6"/>`,
  },
  '17-may': {
    top: '#0b2a66',
    bottom: '#123d8a',
    motif: `${flag(130, 600)}${flag(300, 630)}<path d="M0 560Q240 640 480 560" stroke="#fff" stroke-width="3" fill="none"/><path d="M40 572l20 30 20-24zM160 598l20 30 20-26zM280 598l20 28 20-30zM400 572l20 30 20-28z" fill="#ba0c2f"/>${hills('#0a2150')}`,
  },
  autumn: {
    top: '#6b2f0d',
    bottom: '#b4531a',
    motif: `${leaf(90, 640, -30, '#f59e0b')}${leaf(200, 700, 20, '#dc2626')}${leaf(330, 620, 60, '#fbbf24')}${leaf(400, 760, -15, '#ea580c')}${leaf(150, 810, 45, '#facc15')}${leaf(290, 800, -50, '#b91c1c')}`,
  },
  halloween: {
    top: '#140b2b',
    bottom: '#3b1c5a',
    motif: `<circle cx="370" cy="580" r="60" fill="#fef3c7"/><circle cx="395" cy="565" r="55" fill="#211238"/>${hills('#140b2b')}<ellipse cx="240" cy="760" rx="95" ry="75" fill="#f97316"/><ellipse cx="240" cy="760" rx="40" ry="75" fill="#fb923c"/><path d="M232 688q8-30 26-34l6 10q-16 6-20 26z" fill="#4d7c0f"/><path d="M195 735l20 18h-40zM285 735l20 18h-40zM190 790q50 30 100 0l-10 18-15-8-15 10-15-10-15 10-15-8z" fill="#140b2b"/>`,
  },
  summer: {
    top: '#075985',
    bottom: '#0891b2',
    motif: `<circle cx="240" cy="640" r="70" fill="#fcd34d"/><g stroke="#fcd34d" stroke-width="8" stroke-linecap="round"><path d="M240 540v-24M240 740v24M140 640h-24M340 640h24M170 570l-16-16M310 710l16 16M310 570l16-16M170 710l-16 16"/></g><path d="M0 790q40-25 80 0t80 0 80 0 80 0 80 0 80 0V895H0z" fill="#38bdf8"/><path d="M0 830q40-25 80 0t80 0 80 0 80 0 80 0 80 0V895H0z" fill="#0ea5e9"/>`,
  },
  winter: {
    top: '#0c2340',
    bottom: '#1d4e7e',
    motif: `${flake(100, 590, 26)}${flake(360, 560, 34)}${flake(250, 660, 20)}${flake(420, 690, 18)}${flake(60, 720, 16)}<path d="M0 770Q140 700 280 760T480 740V895H0Z" fill="#e0f2fe"/><path d="M0 830Q200 780 480 830V895H0Z" fill="#fff"/>`,
  },
  barbequing: {
    top: '#2b1409',
    bottom: '#5c2610',
    motif: `<path d="M210 620q-20-40 10-70 0 30 20 40 10-30-5-55 50 30 35 85z" fill="#f97316"/><path d="M140 640h200q0 90-100 90t-100-90z" fill="#111827"/><rect x="130" y="628" width="220" height="12" rx="6" fill="#9ca3af"/><path d="M180 715l-40 120M300 715l40 120M240 730v105" stroke="#111827" stroke-width="10" stroke-linecap="round"/>`,
  },
  cigarette: {
    top: '#374151',
    bottom: '#1f2937',
    motif: `<rect x="130" y="700" width="190" height="34" fill="#f3f4f6"/><rect x="320" y="700" width="50" height="34" fill="#f59e0b"/><rect x="122" y="700" width="10" height="34" fill="#ef4444"/><path d="M126 690q-20-30 0-55t0-55" stroke="#d1d5db" stroke-width="6" fill="none" opacity=".7"/>${ban(250, 717, 140)}`,
  },
  'clear-exits': {
    top: '#064e3b',
    bottom: '#047857',
    motif: `<rect x="80" y="590" width="320" height="210" rx="14" fill="#16a34a" stroke="#fff" stroke-width="8"/><rect x="290" y="620" width="80" height="150" fill="#fff"/><circle cx="180" cy="630" r="18" fill="#fff"/><path d="M180 655l-20 60 30 10 10 55M170 690l-40 10M185 675l40 20M165 715l-30 60" stroke="#fff" stroke-width="14" stroke-linecap="round" fill="none"/><path d="M240 700h40l-14-14M280 700l-14 14" stroke="#fff" stroke-width="8" fill="none" stroke-linecap="round"/>`,
  },
  'close-door': {
    top: '#16324f',
    bottom: '#24486f',
    motif: `<rect x="140" y="560" width="200" height="335" fill="#3f2a1d"/><rect x="155" y="575" width="170" height="320" fill="#8b5a3c"/><rect x="175" y="600" width="130" height="110" rx="6" fill="#7a4d33"/><rect x="175" y="740" width="130" height="130" rx="6" fill="#7a4d33"/><circle cx="300" cy="730" r="10" fill="#fcd34d"/><path d="M420 640a70 70 0 0 1-60 90" stroke="#fff" stroke-width="8" fill="none"/><path d="M350 720l12 18 18-14" stroke="#fff" stroke-width="8" fill="none" stroke-linecap="round"/>`,
  },
  'dog-backyard': {
    top: '#2f4a10',
    bottom: '#4d7c0f',
    motif: `<g fill="#d9c5a0"><rect x="20" y="660" width="24" height="170"/><rect x="80" y="660" width="24" height="170"/><rect x="376" y="660" width="24" height="170"/><rect x="436" y="660" width="24" height="170"/><rect x="0" y="700" width="480" height="16"/><rect x="0" y="780" width="480" height="16"/></g>${hills('#365314')}<g fill="#7c4a21"><ellipse cx="240" cy="760" rx="80" ry="38"/><circle cx="320" cy="705" r="34"/><ellipse cx="345" cy="690" rx="14" ry="26" fill="#5b3416"/><path d="M180 790v55M210 790v55M270 790v55M300 790v55" stroke="#7c4a21" stroke-width="16" stroke-linecap="round"/><path d="M162 748q-30-20-30-50" stroke="#7c4a21" stroke-width="12" fill="none" stroke-linecap="round"/></g><circle cx="330" cy="698" r="5" fill="#111"/><circle cx="352" cy="714" r="7" fill="#111"/>`,
  },
  dugnad: {
    top: '#123f24',
    bottom: '#1a6334',
    motif: `${hills('#14532d')}<circle cx="110" cy="650" r="70" fill="#22c55e"/><rect x="100" y="690" width="20" height="120" fill="#78350f"/><path d="M260 560l60 280M360 560l-30 280" stroke="#d6a461" stroke-width="10" stroke-linecap="round"/><path d="M290 840h60l-10 35h-40z" fill="#9ca3af"/><path d="M232 548h56M240 548v-20M256 548v-20M272 548v-20" stroke="#9ca3af" stroke-width="8"/>`,
  },
  garage: {
    top: '#232326',
    bottom: '#3f3f46',
    motif: `<path d="M60 620L240 540 420 620V895H60z" fill="#52525b"/><rect x="100" y="640" width="280" height="255" fill="#a1a1aa"/><path d="M100 680h280M100 720h280M100 760h280M100 800h280M100 840h280" stroke="#71717a" stroke-width="6"/><rect x="110" y="810" width="260" height="70" rx="24" fill="#0ea5e9"/><circle cx="160" cy="880" r="18" fill="#111"/><circle cx="320" cy="880" r="18" fill="#111"/>`,
  },
  grass: {
    top: '#12431f',
    bottom: '#166534',
    motif: `<path d="M0 895V760q20 40 30-10 10 50 30 0 10 50 30 0 10 50 30 0 10 50 30 0 10 50 30 0 10 50 30 0 10 50 30 0 10 50 30 0 10 50 30 0 10 50 30 0 10 50 30 0 10 50 30 0 10 50 30 0 10 50 30 0 10 50 30 0V895z" fill="#4ade80"/><rect x="150" y="690" width="150" height="60" rx="12" fill="#ef4444"/><path d="M290 700l70-90" stroke="#e5e7eb" stroke-width="10" stroke-linecap="round"/><circle cx="170" cy="760" r="22" fill="#111827"/><circle cx="280" cy="760" r="22" fill="#111827"/>`,
  },
  quiet: {
    top: '#17153b',
    bottom: '#2e2a7a',
    motif: `<circle cx="240" cy="670" r="90" fill="#fde68a"/><circle cx="280" cy="640" r="86" fill="#231f5c"/>${star(90, 600, 14, '#fde68a')}${star(390, 580, 18, '#fde68a')}${star(380, 760, 10, '#fde68a')}${star(80, 790, 12, '#fde68a')}<path d="M0 850H480V895H0z" fill="#17153b"/>`,
  },
  'roof-terrace': {
    top: '#7a2810',
    bottom: '#d9531c',
    motif: `<circle cx="240" cy="690" r="80" fill="#fcd34d" opacity=".85"/><path d="M0 760h60v-60h50v40h60v-90h50v110h80v-50h60v70h50v-30h70V895H0z" fill="#431407"/><path d="M0 800H480M0 800v95M80 800v95M160 800v95M240 800v95M320 800v95M400 800v95M480 800v95" stroke="#fed7aa" stroke-width="6"/><path d="M320 640q60-50 120 0z" fill="#fef3c7"/><path d="M380 640v160" stroke="#fef3c7" stroke-width="6"/>`,
  },
  cake: {
    top: '#6d1438',
    bottom: '#b8185a',
    motif: `<rect x="130" y="720" width="220" height="100" rx="12" fill="#fbcfe8"/><rect x="160" y="650" width="160" height="75" rx="10" fill="#fdf2f8"/><path d="M130 740q27 20 55 0t55 0 55 0 55 0" stroke="#f472b6" stroke-width="10" fill="none"/><rect x="110" y="815" width="260" height="14" rx="7" fill="#f9a8d4"/><g fill="#fde68a"><rect x="190" y="610" width="10" height="40"/><rect x="235" y="600" width="10" height="50"/><rect x="280" y="610" width="10" height="40"/></g><g fill="#fb923c"><ellipse cx="195" cy="600" rx="6" ry="10"/><ellipse cx="240" cy="590" rx="6" ry="10"/><ellipse cx="285" cy="600" rx="6" ry="10"/></g>`,
  },
  drainage: {
    top: '#0b3b57',
    bottom: '#075985',
    motif: `<path d="M60 600h220q40 0 40 40v120" stroke="#94a3b8" stroke-width="44" fill="none"/><rect x="290" y="760" width="60" height="20" fill="#cbd5e1"/><path d="M320 800q-14 22 0 30 14-8 0-30zM320 845q-12 18 0 26 12-8 0-26z" fill="#7dd3fc"/><ellipse cx="320" cy="880" rx="90" ry="14" fill="#38bdf8" opacity=".6"/>`,
  },
  handyman: {
    top: '#6b2e0b',
    bottom: '#92400e',
    motif: `<g transform="rotate(-40 240 720)"><rect x="225" y="600" width="30" height="210" rx="10" fill="#cbd5e1"/><path d="M240 560a40 40 0 1 0 1 0zM226 560h28v30h-28z" fill="#cbd5e1"/><rect x="228" y="560" width="24" height="24" fill="#92400e"/></g><g transform="rotate(40 240 720)"><rect x="228" y="620" width="24" height="200" rx="8" fill="#d6a461"/><rect x="190" y="590" width="100" height="40" rx="8" fill="#64748b"/></g>`,
  },
  meeting: {
    top: '#172e6e',
    bottom: '#1d4ed8',
    motif: `<ellipse cx="240" cy="770" rx="170" ry="50" fill="#93c5fd"/><g fill="#e0e7ff"><circle cx="90" cy="690" r="26"/><circle cx="170" cy="670" r="26"/><circle cx="310" cy="670" r="26"/><circle cx="390" cy="690" r="26"/></g><path d="M60 760q30-50 60 0M140 740q30-50 60 0M280 740q30-50 60 0M360 760q30-50 60 0" fill="#e0e7ff"/><rect x="170" y="560" width="140" height="70" rx="16" fill="#fff"/><path d="M200 630l-10 26 30-26z" fill="#fff"/><path d="M195 585h90M195 605h60" stroke="#1d4ed8" stroke-width="8" stroke-linecap="round"/>`,
  },
  trash: {
    top: '#124a2c',
    bottom: '#0f766e',
    motif: `<g><rect x="60" y="650" width="100" height="170" rx="8" fill="#16a34a"/><rect x="50" y="632" width="120" height="22" rx="6" fill="#15803d"/><rect x="190" y="650" width="100" height="170" rx="8" fill="#2563eb"/><rect x="180" y="632" width="120" height="22" rx="6" fill="#1d4ed8"/><rect x="320" y="650" width="100" height="170" rx="8" fill="#52525b"/><rect x="310" y="632" width="120" height="22" rx="6" fill="#3f3f46"/></g><path d="M110 700l-22 40h44zM240 700l-22 40h44zM370 700l-22 40h44z" fill="none" stroke="#fff" stroke-width="6" stroke-linejoin="round"/><circle cx="80" cy="830" r="12" fill="#111"/><circle cx="210" cy="830" r="12" fill="#111"/><circle cx="340" cy="830" r="12" fill="#111"/>`,
  },
  electrical: {
    top: '#1c1917',
    bottom: '#2d2824',
    motif: `<path d="M240 560L400 830H80z" fill="#facc15" stroke="#111" stroke-width="10" stroke-linejoin="round"/><path d="M255 620l-55 115h45l-25 80 75-125h-45l30-70z" fill="#111"/>`,
  },
  fire: {
    top: '#6b1515',
    bottom: '#b91c1c',
    motif: `<path d="M160 840q-70-80 0-170 0 50 30 60-10-80 60-130-10 70 40 100 20-30 10-60 60 70 20 200z" fill="#f97316"/><path d="M200 840q-40-50 10-100 0 30 20 40 10-40 40-60-10 60 30 70 10 30-20 50z" fill="#fde047"/><rect x="330" y="690" width="64" height="150" rx="24" fill="#dc2626" stroke="#fff" stroke-width="5"/><rect x="348" y="660" width="28" height="34" fill="#374151"/><path d="M376 670h40l10 30" stroke="#374151" stroke-width="10" fill="none"/><rect x="342" y="730" width="40" height="40" rx="4" fill="#fff"/>`,
  },
};

function svg(art: Art): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${art.top}"/><stop offset="1" stop-color="${art.bottom}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#bg)"/><circle cx="420" cy="90" r="140" fill="#ffffff" opacity=".06"/><circle cx="40" cy="330" r="90" fill="#ffffff" opacity=".05"/>${art.motif}</svg>\n`;
}

const dir = join(fileURLToPath(new URL('.', import.meta.url)), '../api/assets/templates');
for (const template of BUILT_IN_TEMPLATES) {
  const art = ART[template.id];
  if (!art) throw new Error(`No artwork for template ${template.id}`);
  writeFileSync(join(dir, `${template.id}.svg`), svg(art));
}
console.log(`wrote ${BUILT_IN_TEMPLATES.length} templates to ${dir}`);

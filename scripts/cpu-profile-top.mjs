#!/usr/bin/env node
// Reads a V8 `.cpuprofile` (from `node --cpu-prof`) and prints the top functions by self time and
// by total (inclusive) time, as a flame graph read from the side: the table docs/performance.md
// quotes. Usage: node scripts/cpu-profile-top.mjs <file.cpuprofile> [N=25] [--grep=text]
// [--last=S]: only the last S seconds of the profile (a whole-process `--cpu-prof` run, without its
// start-up and seeding).
import { readFileSync } from 'node:fs';

const [file, n = '25', ...rest] = process.argv.slice(2);
const grep = rest.find((a) => a.startsWith('--grep='))?.slice(7);
const last = Number(rest.find((a) => a.startsWith('--last='))?.slice(7) ?? 0);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

// Samples per node, weighted by the time delta that follows each sample.
const selfUs = new Map();
const from = last ? profile.endTime - last * 1e6 : 0;
let at = profile.startTime;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0;
  if (at < from) return;
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
});
const label = (node) => {
  const f = node.callFrame;
  const where = f.url
    ? `${f.url.replace(/^file:\/\/.*?\/(node_modules|api|common|worker|realtime|stack|bench)\//, '$1/')}:${f.lineNumber + 1}`
    : '';
  return `${f.functionName || '(anonymous)'} ${where}`.trim();
};
let total = 0;
let busy = 0;
const self = new Map();
const inclusive = new Map();
for (const [id, us] of selfUs) {
  const node = byId.get(id);
  total += us;
  const name = label(node);
  if (node.callFrame.functionName !== '(idle)') busy += us;
  self.set(name, (self.get(name) ?? 0) + us);
  // Count each distinct function once per stack for the inclusive time.
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const l = label(byId.get(cur));
    if (seen.has(l)) continue;
    seen.add(l);
    inclusive.set(l, (inclusive.get(l) ?? 0) + us);
  }
}
const pct = (us) => `${((100 * us) / busy).toFixed(1).padStart(5)} %`;
const show = (title, map) => {
  console.log(`\n${title} (of ${(busy / 1000).toFixed(0)} ms busy, ${(total / 1000).toFixed(0)} ms sampled)`);
  [...map]
    .filter(([name]) => name !== '(idle)' && (!grep || name.includes(grep)))
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(n))
    .forEach(([name, us]) => {
      console.log(`${pct(us)}  ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`);
    });
};
show('self time', self);
show('total time', inclusive);

// The API already stores sanitized HTML; the player filters again so a screen in a public
// stairwell never runs markup that slipped through (defence in depth), with the editor's
// allow-list: bold, italic, strike, underline, headings 1–2, lists, paragraphs and breaks.
const ALLOWED = new Set([
  'P',
  'BR',
  'STRONG',
  'B',
  'EM',
  'I',
  'S',
  'STRIKE',
  'DEL',
  'U',
  'H1',
  'H2',
  'UL',
  'OL',
  'LI',
  'SPAN',
]);
const DROP_WITH_CONTENT = new Set([
  'SCRIPT',
  'STYLE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'TEMPLATE',
  'NOSCRIPT',
  'SVG',
  'MATH',
]);

function clean(node: Node, doc: Document): Node | null {
  if (node.nodeType === Node.TEXT_NODE) return doc.createTextNode(node.textContent ?? '');
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const tag = el.tagName.toUpperCase();
  if (DROP_WITH_CONTENT.has(tag)) return null;
  const children = [...el.childNodes].map((c) => clean(c, doc)).filter((c): c is Node => c !== null);
  if (!ALLOWED.has(tag)) {
    const fragment = doc.createDocumentFragment();
    for (const c of children) fragment.appendChild(c);
    return fragment;
  }
  const out = doc.createElement(tag.toLowerCase());
  for (const c of children) out.appendChild(c);
  return out;
}

/** Keeps only allowed tags, with no attributes at all. */
export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const container = doc.createElement('div');
  for (const child of [...doc.body.childNodes]) {
    const c = clean(child, doc);
    if (c) container.appendChild(c);
  }
  return container.innerHTML;
}

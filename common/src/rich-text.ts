/**
 * The rich-text allow-list, one for the API, the console and the player: the editor's formats of
 * content spec §2 (bold, italic, strike, underline, headings 1–2, lists, paragraphs, breaks; emoji
 * are plain text). No attributes survive, so no links, images, styles or event handlers.
 * The API enforces it when text is stored (with sanitize-html); the console and the player apply it
 * again before rendering (defence in depth: a stairwell screen never runs markup that slipped
 * through), with `sanitizeRichTextDom` below.
 */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  's',
  'strike',
  'u',
  'h1',
  'h2',
  'ul',
  'ol',
  'li',
] as const;

/** Elements dropped with everything inside: their content is code or UI, never text to show. */
export const RICH_TEXT_DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'object',
  'embed',
  'template',
  'svg',
  'math',
] as const;

const ALLOWED = new Set<string>(RICH_TEXT_TAGS);
const DROPPED = new Set<string>(RICH_TEXT_DROPPED_WITH_CONTENT);

function clean(node: Node, doc: Document): Node | null {
  if (node.nodeType === 3 /* TEXT_NODE */) return doc.createTextNode(node.textContent ?? '');
  if (node.nodeType !== 1 /* ELEMENT_NODE */) return null;
  const tag = (node as Element).tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = [...node.childNodes].map((c) => clean(c, doc)).filter((c): c is Node => c !== null);
  // A tag outside the list goes, its text stays.
  const out = ALLOWED.has(tag) ? doc.createElement(tag) : doc.createDocumentFragment();
  for (const c of children) out.appendChild(c);
  return out;
}

/**
 * The allow-list in a browser (or jsdom): keeps only RICH_TEXT_TAGS, without attributes, and
 * returns HTML. Needs the DOM's DOMParser, so it is for the console and the player only.
 */
export function sanitizeRichTextDom(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const container = doc.createElement('div');
  for (const child of [...doc.body.childNodes]) {
    const c = clean(child, doc);
    if (c) container.appendChild(c);
  }
  return container.innerHTML;
}

// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { RICH_TEXT_TAGS, sanitizeRichTextDom } from './rich-text';

describe('sanitizeRichTextDom (console and player)', () => {
  it("keeps the editor's formats of content spec §2 and nothing else", () => {
    // Typed in from the spec, not read back from the list under test.
    expect([...RICH_TEXT_TAGS].sort()).toEqual(
      ['b', 'br', 'em', 'h1', 'h2', 'i', 'li', 'ol', 'p', 's', 'strike', 'strong', 'u', 'ul'].sort(),
    );
    const html =
      '<h1>A</h1><h2>B</h2><p><b>b</b><strong>s</strong><i>i</i><em>e</em><s>x</s><strike>y</strike><u>u</u><br></p><ul><li>1</li></ul><ol><li>2</li></ol>';
    expect(sanitizeRichTextDom(html)).toBe(html);
  });

  it('drops every attribute, and tags outside the list but not their text', () => {
    expect(
      sanitizeRichTextDom('<p onclick="x()" style="color:red">Hei <a href="javascript:x()">lenke</a></p>'),
    ).toBe('<p>Hei lenke</p>');
    expect(sanitizeRichTextDom('<h3>Tittel</h3><span>tekst</span><del>borte</del>')).toBe('Titteltekstborte');
    expect(sanitizeRichTextDom('<img src=x onerror="alert(1)">bilde')).toBe('bilde');
  });

  it('drops scripts, styles, frames and SVG with their content', () => {
    expect(
      sanitizeRichTextDom(
        '<p>ok</p><script>bad()</script><style>p{}</style><iframe src="x">f</iframe><svg><script>y()</script></svg><template>t</template>',
      ),
    ).toBe('<p>ok</p>');
  });

  it('keeps text as text', () => {
    expect(sanitizeRichTextDom('<p>1 &lt; 2 &amp; 3 &gt; 2 😀</p>')).toBe(
      '<p>1 &lt; 2 &amp; 3 &gt; 2 😀</p>',
    );
  });
});

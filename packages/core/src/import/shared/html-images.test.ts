import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../diagnostic.js';
import { rewriteHtmlImages } from './html-images.js';

function rewrite(body: string): { text: string; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  return { text: rewriteHtmlImages(body, diagnostics, 4), diagnostics };
}

describe('rewriteHtmlImages', () => {
  it('makes an image alone on its line a figure, JSX sizes read, other attributes named', () => {
    const { text, diagnostics } = rewrite(
      'Intro.\n\n<center><img className="x" src="/docs/assets/a.png" width={300} alt="A &quot;b&quot;" /></center>\n\nAfter.\n',
    );
    expect(text).toBe(
      'Intro.\n\n<figure><img src="/docs/assets/a.png" alt="A &quot;b&quot;" width="300"></figure>\n\nAfter.\n',
    );
    expect(diagnostics).toEqual([
      expect.objectContaining({
        ruleId: 'html-image',
        line: 7,
        message: expect.stringContaining('`classname`') as unknown,
      }),
    ]);
  });

  it('makes an image inside text an inline image, and leaves code and computed sources alone', () => {
    expect(rewrite('See <img src="i.png" alt="icon"> here.\n').text).toBe(
      'See ![icon](<i.png>) here.\n',
    );
    const code = '```html\n<img src="x.png">\n```\n<img src={require("./x.png")} />\n';
    expect(rewrite(code).text).toBe(code);
  });
});

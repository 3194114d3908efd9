import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Block, Image, Images, Paragraph } from '../../model/blocks.js';
import type { InlineContent } from '../../model/inlines.js';
import type { Mark } from '../../model/text.js';
import { parsePage } from '../parse-page.js';
import { renderDocument, renderPage } from '../render-page.js';

const roundTrip = (markdown: string) => renderPage(parsePage(markdown));

function only(markdown: string): Block {
  const { document } = parsePage(markdown);
  expect(document.nodes).toHaveLength(1);
  return document.nodes[0] as Block;
}

function imagesOf(markdown: string): Images {
  const block = only(markdown);
  expect(block.type).toBe('images');
  return block as Images;
}

const text = (value: string): InlineContent => ({
  object: 'text',
  leaves: [{ object: 'leaf', text: value, marks: [] }],
});

const paragraph = (...nodes: InlineContent[]): Paragraph => ({
  object: 'block',
  type: 'paragraph',
  data: {},
  nodes,
});

const caption = (...nodes: Paragraph[]): Image['fragments'] => [
  { object: 'fragment', type: 'caption', fragment: 'caption', nodes },
];

describe('block images', () => {
  it('reads a figure with alt text and a caption into an images block of one image', () => {
    const markdown =
      '<figure><img src="../.gitbook/assets/x.png" alt="Alt text"><figcaption><p>Caption</p></figcaption></figure>\n';
    expect(imagesOf(markdown)).toEqual({
      object: 'block',
      type: 'images',
      data: {},
      nodes: [
        {
          object: 'block',
          type: 'image',
          isVoid: true,
          data: { ref: { kind: 'url', url: '../.gitbook/assets/x.png' }, alt: 'Alt text' },
          fragments: caption(paragraph(text('Caption'))),
        },
      ],
    });
    expect(parsePage(markdown).diagnostics).toEqual([]);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('keeps an empty figcaption as a caption of one empty paragraph', () => {
    const markdown =
      '<figure><img src="../.gitbook/assets/x.png" alt=""><figcaption></figcaption></figure>\n';
    const [image] = imagesOf(markdown).nodes;
    expect(image?.data).toEqual({ ref: { kind: 'url', url: '../.gitbook/assets/x.png' }, alt: '' });
    expect(image?.fragments).toEqual(caption(paragraph(text(''))));
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('reads a figure without figcaption as an image without caption, and writes none', () => {
    const markdown = '<figure><img src="a.png" alt=""></figure>\n';
    expect(imagesOf(markdown).nodes[0]?.fragments).toEqual([]);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('reads caption marks, links and hard breaks from the caption HTML', () => {
    const markdown =
      '<figure><img src="a.png" alt=""><figcaption><p><strong>Add Config</strong> pane, <em>see</em> <a href="page.md">the page</a> and <code>x &#x3C; y</code><br>next line</p></figcaption></figure>\n';
    const [image] = imagesOf(markdown).nodes;
    expect(image?.fragments[0]?.nodes).toEqual([
      paragraph(
        {
          object: 'text',
          leaves: [
            { object: 'leaf', text: 'Add Config', marks: [{ object: 'mark', type: 'bold' }] },
            { object: 'leaf', text: ' pane, ', marks: [] },
            { object: 'leaf', text: 'see', marks: [{ object: 'mark', type: 'italic' }] },
            { object: 'leaf', text: ' ', marks: [] },
          ],
        },
        {
          object: 'inline',
          type: 'link',
          data: { ref: { kind: 'url', url: 'page.md' } },
          nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'the page', marks: [] }] }],
        },
        {
          object: 'text',
          leaves: [
            { object: 'leaf', text: ' and ', marks: [] },
            { object: 'leaf', text: 'x < y', marks: [{ object: 'mark', type: 'code' }] },
            { object: 'leaf', text: '\nnext line', marks: [] },
          ],
        },
      ),
    ]);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('reads a caption of several paragraphs', () => {
    const markdown =
      '<figure><img src="a.png" alt=""><figcaption><p>One</p><p>Two</p></figcaption></figure>\n';
    expect(imagesOf(markdown).nodes[0]?.fragments).toEqual(
      caption(paragraph(text('One')), paragraph(text('Two'))),
    );
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('reads pixel and percentage widths as lengths', () => {
    const pixels =
      '<figure><img src="a.png" alt="" width="375"><figcaption></figcaption></figure>\n';
    const percent =
      '<figure><img src="a.png" alt="" width="50%"><figcaption></figcaption></figure>\n';
    expect(imagesOf(pixels).nodes[0]?.data.width).toBe(375);
    expect(imagesOf(percent).nodes[0]?.data.width).toEqual({ unit: '%', value: 50 });
    expect(roundTrip(pixels)).toBe(pixels);
    expect(roundTrip(percent)).toBe(percent);
  });

  it('decodes attribute values on read and writes them with uppercase hex references', () => {
    const markdown =
      '<figure><img src="../.gitbook/assets/image (4) (1).png" alt="Tom &#x26; Jerry say &#x22;hi&#x22;"><figcaption></figcaption></figure>\n';
    const [image] = imagesOf(markdown).nodes;
    expect(image?.data.ref).toEqual({ kind: 'url', url: '../.gitbook/assets/image (4) (1).png' });
    expect(image?.data.alt).toBe('Tom & Jerry say "hi"');
    expect(roundTrip(markdown)).toBe(markdown);
    expect(
      roundTrip(
        '<figure><img src="a.png" alt="Tom &amp; Jerry"><figcaption></figcaption></figure>\n',
      ),
    ).toBe('<figure><img src="a.png" alt="Tom &#x26; Jerry"><figcaption></figcaption></figure>\n');
  });

  it.each([
    [
      'left',
      '<div align="left"><figure><img src="a.png" alt=""><figcaption></figcaption></figure></div>\n',
      { align: 'left' },
    ],
    [
      'center',
      '<div align="center"><figure><img src="a.png" alt=""><figcaption></figcaption></figure></div>\n',
      { align: 'center' },
    ],
    [
      'full width',
      '<div data-full-width="true"><figure><img src="a.png" alt=""><figcaption></figcaption></figure></div>\n',
      { fullWidth: true },
    ],
    [
      'framed',
      '<div data-with-frame="true"><figure><img src="a.png" alt=""><figcaption></figcaption></figure></div>\n',
      { withFrame: true },
    ],
    [
      'aligned and full width',
      '<div align="center" data-full-width="false"><figure><img src="a.png" alt=""><figcaption></figcaption></figure></div>\n',
      { align: 'center', fullWidth: false },
    ],
  ])('reads the %s `<div>` around a figure into the images block options', (_, markdown, data) => {
    const block = imagesOf(markdown);
    expect(block.data).toEqual(data);
    expect(block.nodes).toHaveLength(1);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('reads a gallery of figures separated by a space into one images block', () => {
    const markdown =
      '<div><figure><img src="a.png" alt=""><figcaption><p>A</p></figcaption></figure> <figure><img src="b.png" alt="" width="375"><figcaption></figcaption></figure></div>\n';
    const block = imagesOf(markdown);
    expect(block.data).toEqual({});
    expect(block.nodes.map((image) => image.data)).toEqual([
      { ref: { kind: 'url', url: 'a.png' }, alt: '' },
      { ref: { kind: 'url', url: 'b.png' }, alt: '', width: 375 },
    ]);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('reads a light/dark picture into ref and refDark', () => {
    const markdown =
      '<figure><picture><source srcset="dark.png" media="(prefers-color-scheme: dark)"><img src="light.png" alt="Both" width="375"></picture><figcaption><p>Caption</p></figcaption></figure>\n';
    const [image] = imagesOf(markdown).nodes;
    expect(image?.data).toEqual({
      ref: { kind: 'url', url: 'light.png' },
      refDark: { kind: 'url', url: 'dark.png' },
      alt: 'Both',
      width: 375,
    });
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('keeps unknown inline HTML in a caption verbatim inside the caption', () => {
    const markdown =
      '<figure><img src="a.png" alt=""><figcaption><p>A <span class="x">b</span></p></figcaption></figure>\n';
    const page = parsePage(markdown);
    expect(page.document.nodes[0]?.type).toBe('images');
    expect(page.diagnostics.map((diagnostic) => diagnostic.ruleId)).toEqual([
      'raw-html',
      'raw-html',
    ]);
    expect(page.diagnostics[0]?.line).toBe(1);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it.each([
    [
      'an unknown img attribute',
      '<figure><img src="a.png" alt="" loading="lazy"><figcaption></figcaption></figure>',
    ],
    ['an img without src', '<figure><img alt=""><figcaption></figcaption></figure>'],
    [
      'a width that is not a length',
      '<figure><img src="a.png" alt="" width="wide"><figcaption></figcaption></figure>',
    ],
    ['text in the figure', '<figure>Hi <img src="a.png" alt=""></figure>'],
    [
      'a comment in the caption',
      '<figure><img src="a.png" alt=""><figcaption><!-- x --></figcaption></figure>',
    ],
    [
      'a picture with another media',
      '<figure><picture><source srcset="d.png" media="print"><img src="a.png" alt=""></picture></figure>',
    ],
    [
      'an unknown div attribute',
      '<div class="x"><figure><img src="a.png" alt=""><figcaption></figcaption></figure></div>',
    ],
    [
      'an unknown alignment',
      '<div align="justify"><figure><img src="a.png" alt=""><figcaption></figcaption></figure></div>',
    ],
    [
      'a div with other content',
      '<div><figure><img src="a.png" alt=""><figcaption></figcaption></figure> and text</div>',
    ],
  ])('keeps a figure with %s verbatim, with a diagnostic', (_, html) => {
    const markdown = `${html}\n`;
    const page = parsePage(markdown);
    expect(page.document.nodes).toEqual([
      { object: 'block', type: 'markdown', isVoid: true, data: { markdown: html } },
    ]);
    expect(page.diagnostics).toHaveLength(1);
    expect(renderPage(page)).toBe(markdown);
  });

  it('writes an image from the API without caption fragment as a figure without figcaption', () => {
    const page = parsePage('<figure><img src="a.png" alt="A"></figure>\n');
    expect(renderPage(page)).toBe('<figure><img src="a.png" alt="A"></figure>\n');
  });

  it('re-exports a page of figures between paragraphs byte for byte', () => {
    const markdown = [
      '# Images',
      '',
      'Before.',
      '',
      '<figure><img src=".gitbook/assets/a.png" alt="A"><figcaption><p>This is a caption</p></figcaption></figure>',
      '',
      '*   In a list:',
      '',
      '    <figure><img src=".gitbook/assets/b.png" alt=""><figcaption></figcaption></figure>',
      '',
      '{% tabs %}',
      '{% tab title="A" %}',
      '<div align="center"><figure><img src="c.png" alt=""><figcaption></figcaption></figure></div>',
      '',
      'After.',
      '{% endtab %}',
      '{% endtabs %}',
      '',
    ].join('\n');
    const page = parsePage(markdown);
    expect(page.diagnostics).toEqual([]);
    expect(renderPage(page)).toBe(markdown);
  });
});

describe('block images (property tests)', () => {
  const printable = fc.stringMatching(/^[ -~]{0,12}$/);
  const captionParagraph = fc
    .tuple(
      printable,
      fc.constantFrom<Mark['type'][]>([], ['bold'], ['italic'], ['code'], ['strikethrough']),
    )
    .map(([value, marks]): Paragraph =>
      paragraph({
        object: 'text',
        leaves: [
          {
            object: 'leaf',
            text: value,
            marks: value === '' ? [] : marks.map((type) => ({ object: 'mark', type }) as Mark),
          },
        ],
      }),
    );
  const image = fc
    .record({
      src: printable.filter((value) => value !== ''),
      alt: printable,
      width: fc.option(
        fc.oneof(
          fc.nat(2000),
          fc.nat(100).map((value) => ({ unit: '%' as const, value })),
        ),
        {
          nil: undefined,
        },
      ),
      caption: fc.option(fc.array(captionParagraph, { minLength: 1, maxLength: 2 }), {
        nil: undefined,
      }),
    })
    .map(({ src, alt, width, caption: paragraphs }): Image => ({
      object: 'block',
      type: 'image',
      isVoid: true,
      data: { ref: { kind: 'url', url: src }, alt, ...(width === undefined ? {} : { width }) },
      fragments: paragraphs === undefined ? [] : caption(...paragraphs),
    }));
  const images = fc
    .record({
      nodes: fc.array(image, { minLength: 1, maxLength: 3 }),
      align: fc.option(fc.constantFrom('left' as const, 'center' as const, 'right' as const), {
        nil: undefined,
      }),
      withFrame: fc.option(fc.boolean(), { nil: undefined }),
    })
    .map(({ nodes, align, withFrame }): Images => ({
      object: 'block',
      type: 'images',
      data: {
        ...(align === undefined ? {} : { align }),
        ...(withFrame === undefined ? {} : { withFrame }),
      },
      nodes,
    }));

  it('reads back any images block as written', () => {
    fc.assert(
      fc.property(images, (block) => {
        const page = parsePage(renderDocument({ object: 'document', data: {}, nodes: [block] }));
        expect(page.document.nodes).toEqual([block]);
        expect(page.diagnostics).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('drawings', () => {
  it('reads an img with the gitbook-drawing class into a drawing block, keeping its alt', () => {
    const markdown =
      '<img src=".gitbook/assets/file.drawing.svg" alt="A drawing" class="gitbook-drawing">\n';
    expect(only(markdown)).toEqual({
      object: 'block',
      type: 'drawing',
      isVoid: true,
      data: { ref: { kind: 'url', url: '.gitbook/assets/file.drawing.svg' }, alt: 'A drawing' },
    });
    expect(parsePage(markdown).diagnostics).toEqual([]);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('keeps an img with another class or attribute verbatim', () => {
    for (const html of [
      '<img src="a.svg" alt="" class="other">',
      '<img src="a.svg" alt="" class="gitbook-drawing" width="20">',
    ]) {
      expect(only(`${html}\n`)).toMatchObject({ type: 'markdown', data: { markdown: html } });
      expect(roundTrip(`${html}\n`)).toBe(`${html}\n`);
    }
  });
});

describe('inline light/dark images', () => {
  it('reads a picture inside a paragraph into an inline image with refDark', () => {
    const markdown =
      'Tap <picture><source srcset="../.gitbook/assets/icon-dark.svg" media="(prefers-color-scheme: dark)"><img src="../.gitbook/assets/icon-light.svg" alt="Menu"></picture> to open it.\n';
    const block = only(markdown);
    expect(block.type).toBe('paragraph');
    expect((block as Paragraph).nodes[1]).toEqual({
      object: 'inline',
      type: 'inline-image',
      isVoid: true,
      data: {
        ref: { kind: 'url', url: '../.gitbook/assets/icon-light.svg' },
        refDark: { kind: 'url', url: '../.gitbook/assets/icon-dark.svg' },
        alt: 'Menu',
      },
    });
    expect(parsePage(markdown).diagnostics).toEqual([]);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('keeps a picture with another source verbatim', () => {
    const markdown =
      'A <picture><source srcset="a.webp" type="image/webp"><img src="a.png" alt=""></picture>\n';
    const page = parsePage(markdown);
    expect(page.diagnostics.length).toBeGreaterThan(0);
    expect(renderPage(page)).toBe(markdown);
  });
});

import * as fc from 'fast-check';
import type { Element, Root, RootContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { describe, expect, it } from 'vitest';
import type { Block } from '../model/blocks.js';
import type { ContentRef } from '../model/content-ref.js';
import type { JSONDocument } from '../model/document.js';
import type { RevisionPage, RevisionPageDocument } from '../model/revision.js';
import { readFixtureTree } from '../testing/read-corpus.js';
import { treeToRevision } from '../tree/tree-to-revision.js';
import type { HtmlRenderOptions } from './html-options.js';
import { renderDocumentDiff } from './render-document-diff.js';
import { renderDocumentHtml } from './render-document-html.js';
import { safeUrl } from './safe-url.js';

const fixture = treeToRevision(readFixtureTree('site-blocks'));

function allPages(pages: readonly RevisionPage[]): RevisionPage[] {
  return pages.flatMap((page) => [page, ...('pages' in page ? allPages(page.pages) : [])]);
}
const pageOf = (slug: string) =>
  allPages(fixture.content.pages).find(
    (page): page is RevisionPageDocument => page.type === 'document' && page.slug === slug,
  ) as RevisionPageDocument;

/** Links as a site would make them: pages by path, files by id. */
const options: HtmlRenderOptions = {
  links: {
    href(ref: ContentRef) {
      if (ref.kind === 'url') return ref.url;
      if (ref.kind === 'page') {
        const page = allPages(fixture.content.pages).find((item) => item.id === ref.page);
        return page !== undefined && 'path' in page ? `/site/${page.path}` : undefined;
      }
      if (ref.kind === 'anchor') return `/site/page#${ref.anchor}`;
      return undefined;
    },
    title(ref) {
      if (ref.kind !== 'page') return undefined;
      return allPages(fixture.content.pages).find((item) => item.id === ref.page)?.title;
    },
    file(ref) {
      if (ref.kind === 'url') return { url: ref.url };
      const file = fixture.content.files.find((item) => item.id === ref.file);
      return file === undefined ? undefined : { url: `/files/${file.id}`, name: file.name };
    },
  },
  variables: { space: fixture.content.variables },
  reusableContent: (ref) =>
    fixture.content.reusableContents.find((item) => item.id === ref.reusableContent)?.document,
  searchHref: '/search',
};

function elements(node: Root | RootContent): Element[] {
  const own = node.type === 'element' ? [node] : [];
  const children = 'children' in node ? node.children.flatMap((child) => elements(child)) : [];
  return [...own, ...children];
}
const parse = (html: string) => elements(fromHtml(html, { fragment: true }));
const classed = (all: Element[], name: string) =>
  all.filter((element) => [element.properties['className'] ?? []].flat().includes(name));

describe('renderDocumentHtml', () => {
  const rendered = renderDocumentHtml(pageOf('all-blocks').document, options);
  const all = parse(rendered.html);
  const tags = (name: string) => all.filter((element) => element.tagName === name);

  it('renders every block of the fixture page as its HTML form', () => {
    expect(classed(all, 'ds-hint').map((el) => el.properties['className'])).toEqual([
      ['ds-hint', 'ds-hint-info'],
      ['ds-hint', 'ds-hint-warning'],
    ]);
    expect(classed(all, 'ds-tab-label').length).toBe(2);
    expect(classed(all, 'ds-tab-panel').length).toBe(2);
    expect(tags('details').length).toBe(1);
    expect(tags('summary').length).toBe(1);
    expect(classed(all, 'ds-stepper').length).toBe(1);
    expect(classed(all, 'ds-step').length).toBe(2);
    const code = classed(all, 'ds-code')[0];
    expect(code?.properties['className']).toContain('ds-line-numbers');
    expect(rendered.html).toContain('<figcaption>index.js</figcaption>');
    expect(classed(all, 'ds-line').length).toBe(2);
    expect(tags('table').length).toBe(1);
    expect(tags('th').map((th) => th.children[0])).toMatchObject([
      { value: 'Name' },
      { value: 'Value' },
    ]);
    expect(classed(all, 'ds-card').length).toBe(1);
    expect(classed(all, 'ds-card-link')[0]?.properties['href']).toBe('/site/guides/install');
    const image = tags('img').find((img) => img.properties['alt'] === 'A green pixel');
    expect(image?.properties['src']).toMatch(/^\/files\//);
    expect(classed(all, 'ds-embed').length).toBe(1);
    expect(classed(all, 'ds-math-block').length).toBe(1);
    expect(classed(all, 'ds-math').length).toBe(2);
    expect(classed(all, 'ds-openapi').length).toBe(1);
    expect(rendered.html).toContain('This paragraph comes from a reusable content block.');
    expect(classed(all, 'ds-content-ref').length).toBe(1);
    expect(classed(all, 'ds-column').length).toBe(2);
    expect(tags('blockquote').length).toBe(1);
    expect(tags('hr').length).toBe(1);
    expect(classed(all, 'ds-tasks').length).toBe(1);
    expect(tags('kbd').length).toBe(1);
    expect(tags('sub').length).toBe(1);
    expect(classed(all, 'ds-footnotes').length).toBe(1);
    expect(rendered.diagnostics).toEqual([]);
  });

  it('shows variables by value and links pages by the site path', () => {
    expect(rendered.html).toContain('a variable Example Docs,');
    const install = tags('a').filter((a) => a.properties['href'] === '/site/guides/install');
    expect(install.length).toBeGreaterThanOrEqual(2);
    expect(classed(all, 'ds-mention')[0]?.children[0]).toMatchObject({ value: 'Install' });
  });

  it('gives headings distinct anchors and lists them in the outline', () => {
    expect(rendered.outline.slice(0, 3)).toEqual([
      { anchor: 'hints', title: 'Hints', level: 1 },
      { anchor: 'tabs', title: 'Tabs', level: 1 },
      { anchor: 'expandable', title: 'Expandable', level: 1 },
    ]);
    expect(tags('h2').map((h2) => h2.properties['id'])).toContain('hints');
    const twice = renderDocumentHtml(
      { object: 'document', data: {}, nodes: [heading('Setup'), heading('Setup')] },
      options,
    );
    expect(twice.outline.map((entry) => entry.anchor)).toEqual(['setup', 'setup-1']);
  });

  it('writes hostile text as text and does not link unsafe schemes', () => {
    expect(rendered.html).toContain('<code class="ds-raw-html">&#x3C;script></code>alert(1)');
    expect(tags('script')).toEqual([]);
    expect(
      all.some((el) => /^javascript:/i.test(JSON.stringify(el.properties['href'] ?? ''))),
    ).toBe(false);
  });

  it('formats text with the inline HTML around it, sanitized', () => {
    const text = (value: string) => ({
      object: 'text' as const,
      leaves: [{ object: 'leaf' as const, text: value, marks: [] }],
    });
    const html = (value: string) =>
      ({ object: 'inline', type: 'html', data: { html: value }, isVoid: true }) as const;
    const paragraph = (nodes: unknown[]): JSONDocument => ({
      object: 'document',
      data: {},
      nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes } as Block],
    });
    const bold = renderDocumentHtml(
      paragraph([text('Then restart '), html('<b>'), text('it'), html('</b>'), text('.')]),
      options,
    );
    expect(bold.html).toBe('<p>Then restart <b>it</b>.</p>');
    const hostile = renderDocumentHtml(
      paragraph([
        html('<span onclick="steal()" class="x" style="color:red">'),
        text('a'),
        html('</span>'),
        html('<img src="x" onerror="steal()">'),
        html('<a href="javascript:steal()">'),
        text('b'),
        html('</a>'),
        html('<abbr title="HyperText">'),
        text('HTML'),
        html('</abbr>'),
      ]),
      options,
    );
    expect(hostile.html).toBe('<p><span>a</span>b<abbr title="HyperText">HTML</abbr></p>');
    // Text inside an element that is dropped whole would be lost: the HTML shows as written.
    const script = renderDocumentHtml(
      paragraph([html('<script>'), text('alert(1)'), html('</script>')]),
      options,
    );
    expect(script.html).toBe(
      '<p><code class="ds-raw-html">&#x3C;script></code>alert(1)<code class="ds-raw-html">&#x3C;/script></code></p>',
    );
  });

  it('leaves out `if` blocks whose condition does not hold', () => {
    const document: JSONDocument = {
      object: 'document',
      data: {},
      nodes: [
        {
          object: 'block',
          type: 'if',
          data: { expression: 'hidden' },
          nodes: [paragraph('secret')],
        },
        {
          object: 'block',
          type: 'if',
          data: { expression: 'shown' },
          nodes: [paragraph('public')],
        },
      ],
    };
    const html = renderDocumentHtml(document, { ...options, condition: (e) => e === 'shown' }).html;
    expect(html).toBe('<p>public</p>');
  });
});

function paragraph(text: string): Block {
  return {
    object: 'block',
    type: 'paragraph',
    data: {},
    nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
  };
}
function heading(text: string): Block {
  return {
    object: 'block',
    type: 'heading-1',
    data: {},
    nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
  };
}

/** Strings built to break out of text and attributes. */
const hostile = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    "' onmouseover='alert(1)",
    'javascript:alert(1)',
    ' JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '</code></pre><script>x</script>',
    '&lt;b&gt;',
    '\u0000<svg onload=alert(1)>',
  ),
);

const hostileDocument: fc.Arbitrary<JSONDocument> = fc
  .record({
    text: hostile,
    url: hostile,
    id: hostile,
    formula: hostile,
    title: hostile,
    syntax: hostile,
  })
  .map(({ text, url, id, formula, title, syntax }) => {
    const leaf = {
      object: 'text' as const,
      leaves: [{ object: 'leaf' as const, text, marks: [] }],
    };
    const nodes: Block[] = [
      { object: 'block', type: 'heading-1', data: { id }, nodes: [leaf] },
      {
        object: 'block',
        type: 'paragraph',
        data: {},
        nodes: [
          leaf,
          { object: 'inline', type: 'link', data: { ref: { kind: 'url', url } }, nodes: [leaf] },
          { object: 'inline', type: 'inline-math', data: { formula }, isVoid: true },
          { object: 'inline', type: 'html', data: { html: text }, isVoid: true },
          { object: 'inline', type: 'expression', data: { expression: text }, isVoid: true },
          {
            object: 'inline',
            type: 'inline-image',
            data: { ref: { kind: 'url', url }, alt: text },
            isVoid: true,
          },
        ],
      },
      {
        object: 'block',
        type: 'code',
        data: { title, syntax },
        nodes: [{ object: 'block', type: 'code-line', data: {}, nodes: [leaf] }],
      },
      { object: 'block', type: 'embed', isVoid: true, data: { url, caption: text } },
      { object: 'block', type: 'math', isVoid: true, data: { formula } },
      { object: 'block', type: 'markdown', isVoid: true, data: { markdown: text } },
      {
        object: 'block',
        type: 'tabs',
        data: {},
        nodes: [{ object: 'block', type: 'tabs-item', data: { title }, nodes: [paragraph(text)] }],
      },
    ];
    return { object: 'document', data: {}, nodes };
  });

const UNSAFE_URL =
  // eslint-disable-next-line no-control-regex -- a URL may hide its scheme behind controls
  /^[\s\u0000-\u001f]*(?:j\s*a\s*v\s*a\s*s\s*c\s*r\s*i\s*p\s*t|data|vbscript)\s*:/i;

describe('renderDocumentHtml on hostile content', () => {
  it('never emits a script, an event handler or an unsafe URL (seeded)', () => {
    fc.assert(
      fc.property(hostileDocument, (document) => {
        const html = renderDocumentHtml(document, {
          links: {
            href: (ref) => (ref.kind === 'url' ? ref.url : undefined),
            file: (ref) => (ref.kind === 'url' ? { url: ref.url } : undefined),
          },
        }).html;
        for (const element of parse(html)) {
          expect(['script', 'iframe', 'object', 'embed', 'style', 'svg', 'math']).not.toContain(
            element.tagName,
          );
          for (const [name, value] of Object.entries(element.properties)) {
            expect(name.toLowerCase().startsWith('on')).toBe(false);
            if (name === 'href' || name === 'src' || name === 'srcSet')
              expect(UNSAFE_URL.test(String(value))).toBe(false);
          }
        }
      }),
      { seed: 2826, numRuns: 300 },
    );
  });

  it('keeps the text of a paragraph exactly, whatever its marks (seeded)', () => {
    const markTypes = [
      'bold',
      'italic',
      'code',
      'keyboard',
      'strikethrough',
      'superscript',
      'subscript',
    ] as const;
    const textOf = (node: RootContent): string =>
      node.type === 'text'
        ? node.value
        : 'children' in node
          ? node.children.map(textOf).join('')
          : '';
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }),
        fc.subarray([...markTypes]),
        (text, types) => {
          const marks = types.map((type) => ({ object: 'mark' as const, type }));
          const block: Block = {
            object: 'block',
            type: 'paragraph',
            data: {},
            nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks }] }],
          };
          const html = renderDocumentHtml(
            { object: 'document', data: {}, nodes: [block] },
            options,
          ).html;
          const p = fromHtml(html, { fragment: true }).children[0];
          // The HTML parser turns CR and CRLF into LF and NUL into U+FFFD, as browsers read it.
          expect(p === undefined ? '' : textOf(p)).toBe(
            text.replace(/\r\n?/g, '\n').replaceAll('\u0000', '\ufffd'),
          );
        },
      ),
      { seed: 2828, numRuns: 300 },
    );
  });

  it('accepts only relative URLs and http, https, mailto and tel', () => {
    expect(safeUrl('https://example.com/')).toBe('https://example.com/');
    expect(safeUrl('../page#a')).toBe('../page#a');
    expect(safeUrl('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(safeUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeUrl(' java\nscript:alert(1)')).toBeUndefined();
    expect(safeUrl('DATA:text/html,x')).toBeUndefined();
  });
});

describe('renderDocumentDiff', () => {
  it('marks removed blocks with <del> and added ones with <ins>, keeping the rest', () => {
    const before: JSONDocument = {
      object: 'document',
      data: {},
      nodes: [paragraph('kept'), paragraph('old')],
    };
    const after: JSONDocument = {
      object: 'document',
      data: {},
      nodes: [paragraph('kept'), paragraph('new <b>')],
    };
    const diff = renderDocumentDiff(before, after, options);
    expect(diff).toEqual({
      html: '<p>kept</p><del class="ds-diff-removed"><p>old</p></del><ins class="ds-diff-added"><p>new &#x3C;b></p></ins>',
      added: 1,
      removed: 1,
    });
    expect(renderDocumentDiff(undefined, after, options).added).toBe(2);
  });
});

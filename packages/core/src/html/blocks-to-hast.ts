import type { Element, ElementContent } from 'hast';
import { h } from 'hastscript';
import type { Block, Code, Heading, Image, Length } from '../model/blocks.js';
import type { FileOrUrlRef } from '../model/content-ref.js';
import type { HtmlContext } from './html-options.js';
import { linkTo } from './inlines-to-hast.js';
import { openApiToHast } from './openapi-to-hast.js';
import { safeUrl } from './safe-url.js';
import { tableToHast } from './table-to-hast.js';

type BlockHandler<T extends Block> = (node: T, ctx: HtmlContext) => ElementContent[];
type BlockHandlers = { [K in Block['type']]: BlockHandler<Extract<Block, { type: K }>> };

const HINT_LABELS = { info: 'Info', warning: 'Warning', danger: 'Danger', success: 'Success' };

/** The plain text of inline content (a heading's title for the outline and its anchor). */
function plainText(nodes: readonly unknown[]): string {
  return nodes
    .map((node) => {
      const item = node as { object?: string; leaves?: { text: string }[]; nodes?: unknown[] };
      if (item.object === 'text') return (item.leaves ?? []).map((leaf) => leaf.text).join('');
      return Array.isArray(item.nodes) ? plainText(item.nodes) : '';
    })
    .join('');
}

function cssLength(length: Length | undefined): string | undefined {
  if (length === undefined) return undefined;
  if (typeof length === 'number') return Number.isFinite(length) ? `${length}px` : undefined;
  return Number.isFinite(length.value)
    ? `${length.value}${length.unit === '%' ? '%' : 'px'}`
    : undefined;
}

function fileSrc(ctx: HtmlContext, ref: FileOrUrlRef | undefined): string | undefined {
  const file = ref === undefined ? undefined : ctx.options.links.file(ref);
  return file === undefined ? undefined : safeUrl(file.url);
}

function imageToHast(image: Image, ctx: HtmlContext): Element {
  const src = fileSrc(ctx, image.data.ref);
  const dark = fileSrc(ctx, image.data.refDark);
  const width = cssLength(image.data.width);
  const caption = image.fragments[0]?.nodes ?? [];
  const img =
    src === undefined
      ? h('span', { className: ['ds-unresolved'] }, image.data.alt ?? 'Missing image')
      : h('img', {
          src,
          alt: image.data.alt ?? plainText(caption),
          loading: 'lazy',
          ...(width === undefined ? {} : { style: `width:${width}` }),
        });
  const picture =
    dark === undefined || src === undefined
      ? img
      : h('picture', [h('source', { srcSet: dark, media: '(prefers-color-scheme: dark)' }), img]);
  return h('figure', { className: ['ds-image'] }, [
    picture,
    caption.length === 0 ? null : h('figcaption', ctx.blocks(caption)),
  ]);
}

function codeToHast(code: Code, ctx: HtmlContext): ElementContent[] {
  const syntax = code.data.syntax?.replace(/[^\w+#.-]/g, '');
  const lines = code.nodes.map((line) =>
    h(
      'span',
      { className: line.data.highlighted === true ? ['ds-line', 'ds-highlighted'] : ['ds-line'] },
      ctx.inlines(line.nodes as never),
    ),
  );
  const body: ElementContent[] = [];
  lines.forEach((line, index) => {
    if (index > 0) body.push({ type: 'text', value: '\n' });
    body.push(line);
  });
  const classes = ['ds-code'];
  if (code.data.lineNumbers === true) classes.push('ds-line-numbers');
  if (code.data.overflow === 'wrap') classes.push('ds-wrap');
  return [
    h('figure', { className: classes }, [
      code.data.title === undefined ? null : h('figcaption', code.data.title),
      h('pre', { tabIndex: 0 }, [
        h(
          'code',
          syntax === undefined || syntax === ''
            ? {}
            : { className: [`language-${syntax}`], dataLang: syntax },
          body,
        ),
      ]),
    ]),
  ];
}

/**
 * Tabs: a radio button, its label and its panel for each tab, in that order, so one CSS rule
 * (`:checked + label + panel`) shows the checked tab's panel whatever the number of tabs; the
 * stylesheet lays the labels out in a row above the panels. They switch without scripts, and the
 * arrow keys move between them as in any radio group.
 */
function tabsToHast(node: Extract<Block, { type: 'tabs' }>, ctx: HtmlContext): ElementContent[] {
  const group = ctx.nextId('tabs');
  return [
    h(
      'div',
      { className: ['ds-tabs'] },
      node.nodes.flatMap((item, index) => [
        h('input', {
          type: 'radio',
          name: group,
          id: `${group}-${index}`,
          className: ['ds-tab-input'],
          checked: index === 0,
        }),
        h(
          'label',
          { htmlFor: `${group}-${index}`, className: ['ds-tab-label'] },
          item.data.title ?? `Tab ${index + 1}`,
        ),
        h('div', { className: ['ds-tab-panel'] }, ctx.blocks(item.nodes)),
      ]),
    ),
  ];
}

const BLOCK_HANDLERS: BlockHandlers = {
  paragraph: (node, ctx) => [
    h(
      'p',
      node.data.align === undefined || node.data.align === 'start'
        ? {}
        : { className: [`ds-align-${node.data.align}`] },
      ctx.inlines(node.nodes),
    ),
  ],
  'heading-1': (node, ctx) => heading(node, ctx, 1),
  'heading-2': (node, ctx) => heading(node, ctx, 2),
  'heading-3': (node, ctx) => heading(node, ctx, 3),
  'list-ordered': (node, ctx) => [
    h(
      'ol',
      node.data.start === undefined || node.data.start === 1 ? {} : { start: node.data.start },
      ctx.blocks(node.nodes),
    ),
  ],
  'list-unordered': (node, ctx) => [h('ul', ctx.blocks(node.nodes))],
  'list-tasks': (node, ctx) => [h('ul', { className: ['ds-tasks'] }, ctx.blocks(node.nodes))],
  'list-item': (node, ctx) => {
    const checked = node.data.checked;
    const box =
      checked === undefined
        ? []
        : [
            h('input', {
              type: 'checkbox',
              disabled: true,
              checked,
              ariaLabel: checked ? 'Done' : 'To do',
            }),
          ];
    return [h('li', [...box, ...ctx.blocks(node.nodes)])];
  },
  divider: () => [h('hr')],
  blockquote: (node, ctx) => [h('blockquote', ctx.blocks(node.nodes))],
  hint: (node, ctx) => {
    const style = node.data.style in HINT_LABELS ? node.data.style : 'info';
    return [
      h(
        'aside',
        { className: ['ds-hint', `ds-hint-${style}`], role: 'note', ariaLabel: HINT_LABELS[style] },
        ctx.blocks(node.nodes),
      ),
    ];
  },
  code: codeToHast,
  'code-line': (node, ctx) => [h('span', { className: ['ds-line'] }, ctx.inlines(node.nodes))],
  // TeX is shown as written, in a code element screen readers read out: see docs/adr for why.
  math: (node) => [
    h('div', { className: ['ds-math-block'] }, [
      h('code', { className: ['ds-math'] }, node.data.formula),
    ]),
  ],
  images: (node, ctx) => [
    h(
      'div',
      { className: ['ds-images', `ds-align-${node.data.align ?? 'center'}`] },
      node.nodes.map((image) => imageToHast(image, ctx)),
    ),
  ],
  image: (node, ctx) => [imageToHast(node, ctx)],
  file: (node, ctx) => {
    const file = ctx.options.links.file(node.data.ref);
    const href = file === undefined ? undefined : safeUrl(file.url);
    const name = file?.name ?? (node.data.ref.kind === 'url' ? node.data.ref.url : 'File');
    return [
      h('p', { className: ['ds-file'] }, [
        href === undefined
          ? h('span', { className: ['ds-unresolved'] }, name)
          : h('a', { href, download: file?.name ?? true }, name),
        node.data.caption === undefined
          ? null
          : h('span', { className: ['ds-file-caption'] }, ` — ${node.data.caption}`),
      ]),
    ];
  },
  drawing: (node, ctx) => {
    const src = fileSrc(ctx, node.data.ref);
    return [
      h(
        'figure',
        { className: ['ds-image', 'ds-drawing'] },
        src === undefined
          ? []
          : [h('img', { src, alt: node.data.alt ?? 'Drawing', loading: 'lazy' })],
      ),
    ];
  },
  // Embeds are links: the site loads nothing from other origins.
  embed: (node, ctx) => [
    h('figure', { className: ['ds-embed'] }, [
      linkTo(ctx, { kind: 'url', url: node.data.url }, [{ type: 'text', value: node.data.url }]),
      node.data.caption === undefined || node.data.caption === ''
        ? null
        : h('figcaption', node.data.caption),
    ]),
  ],
  expandable: (node, ctx) => {
    const title =
      node.fragments.find((fragment) => fragment.type === 'expandable-title')?.nodes ?? [];
    const body =
      node.fragments.find((fragment) => fragment.type === 'expandable-body')?.nodes ?? [];
    const summary = title.flatMap((paragraph) => ctx.inlines(paragraph.nodes));
    return [
      h('details', { className: ['ds-expandable'], open: node.data.defaultExpanded === true }, [
        h('summary', summary),
        h('div', { className: ['ds-expandable-body'] }, ctx.blocks(body)),
      ]),
    ];
  },
  tabs: tabsToHast,
  'tabs-item': (node, ctx) => [h('div', { className: ['ds-tab-panel'] }, ctx.blocks(node.nodes))],
  table: (node, ctx) => [tableToHast(node, ctx)],
  swagger: (node, ctx) => openApiToHast(node, ctx),
  'openapi-operation': (node, ctx) => openApiToHast(node, ctx),
  'openapi-schemas': (node, ctx) => openApiToHast(node, ctx),
  'openapi-webhook': (node, ctx) => openApiToHast(node, ctx),
  'content-ref': (node, ctx) => {
    const title =
      ctx.options.links.title?.(node.data.ref) ??
      node.data.label ??
      ctx.options.links.href(node.data.ref) ??
      '';
    return [
      h('p', { className: ['ds-content-ref'] }, [
        linkTo(ctx, node.data.ref, [{ type: 'text', value: title }], {
          className: ['ds-card-link'],
        }),
      ]),
    ];
  },
  integration: (node, ctx) => [
    h('div', { className: ['ds-integration'] }, [
      node.data.url === undefined
        ? h('span', `${node.data.integration}: ${node.data.block}`)
        : linkTo(ctx, { kind: 'url', url: node.data.url }, [
            { type: 'text', value: node.data.url },
          ]),
    ]),
  ],
  'reusable-content': (node, ctx) => {
    const document =
      ctx.includeDepth < 4 ? ctx.options.reusableContent?.(node.data.ref) : undefined;
    if (document === undefined) {
      ctx.diagnostics.push({
        message: `include \`${node.data.ref.reusableContent}\` is missing`,
        ruleId: 'html-missing-include',
      });
      return [h('p', { className: ['ds-unresolved'] }, 'Missing reusable content')];
    }
    ctx.includeDepth += 1;
    try {
      return [h('div', { className: ['ds-include'] }, ctx.blocks(document.nodes))];
    } finally {
      ctx.includeDepth -= 1;
    }
  },
  stepper: (node, ctx) => [h('ol', { className: ['ds-stepper'] }, ctx.blocks(node.nodes))],
  'stepper-step': (node, ctx) => [h('li', { className: ['ds-step'] }, ctx.blocks(node.nodes))],
  if: (node, ctx) =>
    (ctx.options.condition?.(node.data.expression) ?? true) ? ctx.blocks(node.nodes) : [],
  columns: (node, ctx) => [h('div', { className: ['ds-columns'] }, ctx.blocks(node.nodes))],
  column: (node, ctx) => {
    const width = cssLength(node.data.width);
    return [
      h(
        'div',
        {
          className: ['ds-column'],
          ...(width === undefined ? {} : { style: `flex-basis:${width}` }),
        },
        ctx.blocks(node.nodes),
      ),
    ];
  },
  prompt: (node, ctx) => [
    h('figure', { className: ['ds-prompt'] }, [
      h('figcaption', node.data.description),
      ...ctx.blocks(node.nodes),
    ]),
  ],
  updates: (node, ctx) => [h('div', { className: ['ds-updates'] }, ctx.blocks(node.nodes))],
  update: (node, ctx) => [
    h('section', { className: ['ds-update'] }, [
      h('p', { className: ['ds-update-date'] }, [
        h('time', { dateTime: node.data.date }, node.data.date),
        ...(node.data.tags ?? []).map((tag) => h('span', { className: ['ds-tag'] }, tag)),
      ]),
      ...ctx.blocks(node.nodes),
    ]),
  ],
  // Markdown docsync does not model is shown as written, never run.
  markdown: (node) => [h('pre', { className: ['ds-raw'] }, [h('code', node.data.markdown)])],
};

function heading(node: Heading, ctx: HtmlContext, level: 1 | 2 | 3): ElementContent[] {
  const title = plainText(node.nodes).trim();
  const anchor = ctx.anchor(node.data.id ?? node.meta?.id, title);
  ctx.outline.push({ anchor, title, level });
  return [
    h(`h${level + 1}`, { id: anchor }, [
      ...ctx.inlines(node.nodes),
      h('a', { className: ['ds-anchor'], href: `#${anchor}`, ariaLabel: `Link to ${title}` }, '#'),
    ]),
  ];
}

/** Blocks as hast: one handler per block type; an unknown block keeps its text, with a diagnostic. */
export function blocksToHast(blocks: readonly Block[], ctx: HtmlContext): ElementContent[] {
  return blocks.flatMap((block) => {
    const handler = BLOCK_HANDLERS[block.type] as BlockHandler<Block> | undefined;
    if (handler !== undefined) return handler(block, ctx);
    ctx.diagnostics.push({
      message: `unknown block \`${(block as { type: string }).type}\``,
      ruleId: 'html-unknown-block',
    });
    const children = (block as { nodes?: unknown }).nodes;
    return [
      h('pre', { className: ['ds-raw'] }, [
        h('code', Array.isArray(children) ? plainText(children) : ''),
      ]),
    ];
  });
}

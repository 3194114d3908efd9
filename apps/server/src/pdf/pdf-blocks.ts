import type { Block, BlockType, Fragment, Table, TableValue } from '@docsync/core';
import { describeRef, imageNote, inlineRuns, inlineText } from './pdf-inlines.js';
import type { PdfWriter } from './pdf-writer.js';

/** The block (type) whose `type` may be `Type` (headings share one type for three names). */
type BlockOf<Type extends BlockType> = Block extends infer Each
  ? Each extends { type: infer Types }
    ? Type extends Types
      ? Each
      : never
    : never
  : never;

/** Writes one block type. */
type Handler<Type extends BlockType> = (block: BlockOf<Type>, writer: PdfWriter) => void;

/** Labels of hint styles. */
const HINT_LABELS = { info: 'Note', warning: 'Warning', danger: 'Danger', success: 'Tip' };

/** The plain text of blocks (table cells, expandable titles). */
function blocksText(blocks: readonly Block[]): string {
  return blocks
    .map((block) =>
      'nodes' in block
        ? block.nodes.every((node) => node.object !== 'block')
          ? inlineText(block.nodes)
          : blocksText(block.nodes as Block[])
        : '',
    )
    .filter((text) => text !== '')
    .join(' ');
}

function fragmentBlocks(fragments: readonly Fragment[], type: string): Block[] {
  return fragments.filter((fragment) => fragment.type === type).flatMap((f) => f.nodes);
}

/** A table cell as text: text columns name a fragment of the table, others hold the value. */
function cellText(table: Table, value: TableValue | undefined): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') {
    const fragment = table.fragments.find((item) => item.fragment === value);
    return fragment === undefined ? value : blocksText(fragment.nodes);
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.join(', ');
  return describeRef(value);
}

/** List items with a marker each: bullets, numbers from `start`, or check boxes. */
function listItems(
  items: readonly BlockOf<'list-item'>[],
  marker: (index: number, checked: boolean | undefined) => string,
  writer: PdfWriter,
): void {
  writer.indented(() => {
    items.forEach((item, index) => {
      const [first, ...rest] = item.nodes;
      const prefix = marker(index, item.data.checked);
      if (first?.type === 'paragraph') {
        writer.paragraph(inlineRuns(first.nodes), { prefix });
        writeBlocks(rest, writer);
      } else {
        writer.paragraph([], { prefix });
        writeBlocks(item.nodes, writer);
      }
    });
  });
}

/** Handlers by block type: what each block looks like in the PDF. */
const handlers: { [Type in BlockType]: Handler<Type> } = {
  paragraph: (block, writer) => {
    writer.paragraph(inlineRuns(block.nodes));
  },
  'heading-1': (block, writer) => {
    writer.heading(block.type, inlineRuns(block.nodes));
  },
  'heading-2': (block, writer) => {
    writer.heading(block.type, inlineRuns(block.nodes));
  },
  'heading-3': (block, writer) => {
    writer.heading(block.type, inlineRuns(block.nodes));
  },
  'list-unordered': (block, writer) => {
    listItems(block.nodes, () => '•', writer);
  },
  'list-ordered': (block, writer) => {
    listItems(block.nodes, (index) => `${(block.data.start ?? 1) + index}.`, writer);
  },
  'list-tasks': (block, writer) => {
    listItems(block.nodes, (_, checked) => (checked === true ? '[x]' : '[ ]'), writer);
  },
  'list-item': (block, writer) => {
    writeBlocks(block.nodes, writer);
  },
  divider: (_, writer) => {
    writer.rule();
  },
  blockquote: (block, writer) => {
    writer.indented(() => {
      writeBlocks(block.nodes, writer);
    });
  },
  hint: (block, writer) => {
    writer.paragraph([{ text: `${HINT_LABELS[block.data.style]}:`, bold: true }]);
    writer.indented(() => {
      writeBlocks(block.nodes, writer);
    });
  },
  code: (block, writer) => {
    writer.code(
      block.nodes.map((line) => inlineText(line.nodes)),
      block.data.title,
    );
  },
  'code-line': (block, writer) => {
    writer.code([inlineText(block.nodes)]);
  },
  math: (block, writer) => {
    writer.code([block.data.formula]);
  },
  images: (block, writer) => {
    for (const image of block.nodes) handlers.image(image, writer);
  },
  image: (block, writer) => {
    const caption = blocksText(fragmentBlocks(block.fragments, 'caption'));
    const what = block.data.alt ?? (caption === '' ? describeRef(block.data.ref) : caption);
    writer.note(imageNote(what));
  },
  file: (block, writer) => {
    writer.note(`[File: ${block.data.caption ?? describeRef(block.data.ref)}]`);
  },
  drawing: (block, writer) => {
    writer.note(`[Drawing${block.data.alt ? `: ${block.data.alt}` : ''}]`);
  },
  embed: (block, writer) => {
    writer.note(`[Embedded: ${block.data.url}]`);
  },
  expandable: (block, writer) => {
    const [title, body] = block.fragments;
    writer.paragraph([{ text: blocksText(title.nodes), bold: true }]);
    writer.indented(() => {
      writeBlocks(body.nodes, writer);
    });
  },
  tabs: (block, writer) => {
    writeBlocks(block.nodes, writer);
  },
  'tabs-item': (block, writer) => {
    writer.paragraph([{ text: block.data.title ?? 'Tab', bold: true }]);
    writer.indented(() => {
      writeBlocks(block.nodes, writer);
    });
  },
  table: (block, writer) => {
    const columns = block.data.columns.filter(
      (column) => block.data.definition[column]?.hidden !== true,
    );
    const rows = Object.values(block.data.records).sort((a, b) =>
      a.orderIndex < b.orderIndex ? -1 : a.orderIndex > b.orderIndex ? 1 : 0,
    );
    if (block.data.headerHidden !== true)
      writer.paragraph([
        {
          text: columns.map((column) => block.data.definition[column]?.title ?? '').join(' | '),
          bold: true,
        },
      ]);
    for (const row of rows)
      writer.paragraph([
        { text: columns.map((column) => cellText(block, row.values[column])).join(' | ') },
      ]);
  },
  swagger: (block, writer) => {
    writer.note(`[API operation: ${block.data.method.toUpperCase()} ${block.data.path}]`);
  },
  'openapi-operation': (block, writer) => {
    writer.note(`[API operation: ${block.data.method.toUpperCase()} ${block.data.path}]`);
  },
  'openapi-schemas': (block, writer) => {
    writer.note(`[API schemas: ${block.data.schemas.join(', ')}]`);
  },
  'openapi-webhook': (block, writer) => {
    writer.note(`[API webhook: ${block.data.method.toUpperCase()} ${block.data.name}]`);
  },
  'content-ref': (block, writer) => {
    writer.paragraph([{ text: `-> ${block.data.label ?? describeRef(block.data.ref)}` }]);
  },
  integration: (block, writer) => {
    writer.note(`[Integration block: ${block.data.integration} ${block.data.block}]`);
  },
  'reusable-content': (block, writer) => {
    writer.note(`[Reusable content: ${block.data.ref.reusableContent}]`);
  },
  stepper: (block, writer) => {
    block.nodes.forEach((step, index) => {
      writer.paragraph([{ text: `Step ${index + 1}`, bold: true }]);
      writer.indented(() => {
        writeBlocks(step.nodes, writer);
      });
    });
  },
  'stepper-step': (block, writer) => {
    writeBlocks(block.nodes, writer);
  },
  if: (block, writer) => {
    writeBlocks(block.nodes, writer);
  },
  columns: (block, writer) => {
    writeBlocks(block.nodes, writer);
  },
  column: (block, writer) => {
    writeBlocks(block.nodes, writer);
  },
  prompt: (block, writer) => {
    writer.paragraph([{ text: block.data.description, italic: true }]);
    writeBlocks(block.nodes, writer);
  },
  updates: (block, writer) => {
    writeBlocks(block.nodes, writer);
  },
  update: (block, writer) => {
    writer.paragraph([{ text: block.data.date, bold: true }]);
    writer.indented(() => {
      writeBlocks(block.nodes, writer);
    });
  },
  markdown: (block, writer) => {
    writer.code(block.data.markdown.split('\n'));
  },
};

/** Writes blocks in order, each with the handler of its type. */
export function writeBlocks(blocks: readonly Block[], writer: PdfWriter): void {
  for (const block of blocks) {
    const handler = handlers[block.type] as Handler<typeof block.type> | undefined;
    // A block of a type this version does not know is said, not dropped silently.
    const type: string = block.type;
    if (handler === undefined) writer.note(`[${type} block not shown in the PDF]`);
    else handler(block, writer);
  }
}

import type { Element, ElementContent } from 'hast';
import type { Html } from 'mdast';
import type { Block, Heading, Hint, ListItem, Paragraph } from '../../model/blocks.js';
import { htmlToPhrasing, writtenTag } from '../html-phrasing.js';
import { emptyText } from '../inline-builder.js';
import type { ParseContext } from '../parse-context.js';
import type { FromHtml } from './types.js';

/** Flow HTML readers by root element name (`figure`, `pre`…), as registered for the page. */
export type HtmlReaders = ReadonlyMap<string, readonly FromHtml[]>;

/** Elements that start a block inside a cell; a cell holding one is read as blocks. */
const blockElements = new Set([
  ...['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'div', 'ul', 'ol', 'blockquote', 'pre', 'hr'],
  ...['figure', 'picture', 'table', 'details'],
]);

/** `<h2>`…`<h4>`: the editor's three levels, one level down as in markdown. */
const headingTypes: Record<string, Heading['type']> = {
  h2: 'heading-1',
  h3: 'heading-2',
  h4: 'heading-3',
};

const hintStyles = new Set(['info', 'warning', 'danger', 'success']);

/** Whether a node is text holding only whitespace (between elements, where HTML ignores it). */
function isWhitespace(node: ElementContent): boolean {
  return node.type === 'text' && node.value.trim() === '';
}

/**
 * Reads the HTML inside table cells (and the table around them) as written in `source`. Each
 * read returns `undefined` for a form it does not understand and keeps the first such
 * {@link CellHtmlReader.problem}, so that the caller can keep the whole table verbatim and say why.
 */
export class CellHtmlReader {
  /** Why the read failed: the first form not understood. */
  problem: string | undefined;
  /** The HTML the hast positions point into. */
  readonly source: string;
  readonly #context: ParseContext;
  readonly #readers: HtmlReaders;

  constructor(source: string, context: ParseContext, readers: HtmlReaders) {
    this.source = source;
    this.#context = context;
    this.#readers = readers;
  }

  /** Records why the read failed (the first problem is kept). */
  fail(problem: string): void {
    this.problem ??= problem;
  }

  /** An element's attributes as written, when it has only `allowed` ones (bare ones are `''`). */
  attributes(element: Element, allowed: readonly string[]): Map<string, string> | undefined {
    const written = writtenTag(element, this.source);
    if (!written) {
      this.fail(`a \`<${element.tagName}>\` the HTML parser implied`);
      return undefined;
    }
    const unknown = [...written.tag.attributes.keys()].find((name) => !allowed.includes(name));
    if (unknown !== undefined) {
      this.fail(`\`${unknown}\` on \`<${element.tagName}>\` is not an attribute docsync models`);
      return undefined;
    }
    return written.tag.attributes;
  }

  /** The element children of an element that holds nothing else but whitespace. */
  elements(element: Element): Element[] | undefined {
    const out: Element[] = [];
    for (const child of element.children) {
      if (child.type === 'element') out.push(child);
      else if (!isWhitespace(child)) {
        this.fail(`\`<${element.tagName}>\` holds text or a comment where elements belong`);
        return undefined;
      }
    }
    return out;
  }

  /**
   * The content of a cell, list item, hint or quote: blocks when it holds block elements (text
   * between them must be whitespace), else one paragraph of its phrasing (`<td>a <b>b</b></td>`).
   */
  blocks(nodes: readonly ElementContent[]): Block[] | undefined {
    const isBlock = nodes.some(
      (node) => node.type === 'element' && blockElements.has(node.tagName),
    );
    if (!isBlock) {
      const paragraph = this.#paragraph(nodes);
      return paragraph && [paragraph];
    }
    const out: Block[] = [];
    for (const node of nodes) {
      if (isWhitespace(node)) continue;
      if (node.type !== 'element' || !blockElements.has(node.tagName)) {
        this.fail('a cell mixes blocks with text outside them');
        return undefined;
      }
      const blocks = this.#block(node);
      if (!blocks) return undefined;
      out.push(...blocks);
    }
    return out;
  }

  #paragraph(nodes: readonly ElementContent[]): Paragraph | undefined {
    const phrasing = htmlToPhrasing(nodes, this.source);
    if (!phrasing) {
      this.fail('a comment or an implied element in a cell');
      return undefined;
    }
    const inlines = this.#context.inlines(phrasing);
    return {
      object: 'block',
      type: 'paragraph',
      data: {},
      nodes: inlines.length > 0 ? inlines : [emptyText()],
    };
  }

  #block(element: Element): Block[] | undefined {
    const { tagName } = element;
    const headingType = headingTypes[tagName];
    if (tagName === 'p') {
      const paragraph = this.attributes(element, []) && this.#paragraph(element.children);
      return paragraph && [paragraph];
    }
    if (headingType) return this.#heading(element, headingType);
    if (tagName === 'ul' || tagName === 'ol') return this.#list(element);
    if (tagName === 'blockquote') {
      const nodes = this.attributes(element, []) && this.blocks(element.children);
      return nodes && [{ object: 'block', type: 'blockquote', data: {}, nodes }];
    }
    if (tagName === 'hr') {
      return (
        this.attributes(element, []) && [
          { object: 'block', type: 'divider', isVoid: true, data: {} },
        ]
      );
    }
    if (tagName === 'table') {
      this.fail('a table inside a table cell (tables never nest)');
      return undefined;
    }
    if (tagName === 'div' && writtenTag(element, this.source)?.tag.attributes.has('data-tag'))
      return this.#hint(element);
    // Images, rich code… are read by the readers of the same HTML outside tables.
    const node: Html = { type: 'html', value: this.source };
    for (const reader of this.#readers.get(tagName) ?? []) {
      const blocks = reader(element, node, this.#context);
      if (blocks) return blocks;
    }
    this.fail(`\`<${tagName}>\` in a table cell is not a block docsync models`);
    return undefined;
  }

  #heading(element: Element, type: Heading['type']): Block[] | undefined {
    const attributes = this.attributes(element, ['id']);
    const paragraph = attributes && this.#paragraph(element.children);
    if (!attributes || !paragraph) return undefined;
    const id = attributes.get('id');
    const heading: Heading = {
      object: 'block',
      type,
      data: id === undefined ? {} : { id },
      nodes: paragraph.nodes,
    };
    return [heading];
  }

  /** `<ul>`/`<ol start="n">` with `<li>` items. */
  #list(element: Element): Block[] | undefined {
    const attributes = this.attributes(element, element.tagName === 'ol' ? ['start'] : []);
    const items = attributes && this.elements(element);
    if (!attributes || !items) return undefined;
    const nodes: ListItem[] = [];
    for (const item of items) {
      const content =
        item.tagName === 'li' && this.attributes(item, []) ? this.blocks(item.children) : undefined;
      if (!content) {
        this.fail('a list in a table cell holds something else than `<li>`');
        return undefined;
      }
      nodes.push({ object: 'block', type: 'list-item', data: {}, nodes: content });
    }
    if (element.tagName === 'ul')
      return [{ object: 'block', type: 'list-unordered', data: {}, nodes }];
    const startText = attributes.get('start');
    const start = startText === undefined ? 1 : Number(startText);
    if (!Number.isInteger(start) || start < 0) {
      this.fail('`start` is not a number');
      return undefined;
    }
    return [{ object: 'block', type: 'list-ordered', data: start === 1 ? {} : { start }, nodes }];
  }

  /**
   * A hint as GitBook writes it in HTML: `<div data-gb-custom-block data-tag="hint"
   * data-style="success" class="hint hint-success">` around its blocks (B1).
   */
  #hint(element: Element): Block[] | undefined {
    const attributes = this.attributes(element, [
      'data-gb-custom-block',
      'data-tag',
      'data-style',
      'class',
    ]);
    if (!attributes) return undefined;
    const style = attributes.get('data-style') ?? '';
    if (
      attributes.get('data-gb-custom-block') !== '' ||
      attributes.get('data-tag') !== 'hint' ||
      !hintStyles.has(style) ||
      attributes.get('class') !== `hint hint-${style}`
    ) {
      this.fail('a custom block in a table cell that is not a hint as GitBook writes one');
      return undefined;
    }
    const nodes = this.blocks(element.children);
    if (!nodes) return undefined;
    const hint: Hint = {
      object: 'block',
      type: 'hint',
      data: { style: style as Hint['data']['style'] },
      nodes,
    };
    return [hint];
  }
}

import type { Nodes, PhrasingContent, RootContent } from 'mdast';
import type { Block, RawMarkdown } from '../model/blocks.js';
import type { InlineContent } from '../model/inlines.js';
import type { Mark } from '../model/text.js';
import type { Diagnostic, Severity } from '../diagnostic.js';

/** Converts flow nodes to blocks; registered per mdast node type. */
export type FlowHandler = (node: never, context: ParseContext) => Block[];

/** The functions a parse context dispatches to (kept apart so handler files do not import it). */
export interface ParseDispatch {
  flow(node: RootContent, context: ParseContext): Block[];
  phrasing(
    nodes: readonly PhrasingContent[],
    marks: readonly Mark[],
    context: ParseContext,
  ): InlineContent[];
}

/** State of one page conversion: the source for verbatim slices, and the diagnostics so far. */
export class ParseContext {
  readonly diagnostics: Diagnostic[] = [];
  readonly #source: string;
  readonly #lineOffset: number;
  readonly #dispatch: ParseDispatch;

  /**
   * @param source the markdown body the mdast positions point into
   * @param lineOffset lines before the body in the file (front matter), added to reported lines
   */
  constructor(source: string, lineOffset: number, dispatch: ParseDispatch) {
    this.#source = source;
    this.#lineOffset = lineOffset;
    this.#dispatch = dispatch;
  }

  /**
   * Converts sibling flow nodes. Runs of extra blank lines between blocks are empty paragraphs
   * (GitBook writes an empty paragraph as an empty line: `a\n\n\n\nb` holds one).
   */
  blocks(nodes: readonly RootContent[]): Block[] {
    const out: Block[] = [];
    let previousEnd: number | undefined;
    for (const node of nodes) {
      if (node.type === 'definition' || node.type === 'footnoteDefinition') continue;
      const start = node.position?.start.line;
      if (previousEnd !== undefined && start !== undefined) {
        out.push(...emptyParagraphs(Math.floor((start - previousEnd - 2) / 2)));
      }
      out.push(...this.#dispatch.flow(node, this));
      previousEnd = node.position?.end.line ?? previousEnd;
    }
    return out;
  }

  /** Converts phrasing content under the given marks. */
  inlines(nodes: readonly PhrasingContent[], marks: readonly Mark[] = []): InlineContent[] {
    return this.#dispatch.phrasing(nodes, marks, this);
  }

  /** The markdown a node was written as, with its container indentation removed. */
  sourceOf(node: Nodes): string {
    const start = node.position?.start;
    const end = node.position?.end;
    if (start?.offset === undefined || end?.offset === undefined) return '';
    const text = this.#source.slice(start.offset, end.offset);
    if (start.column <= 1) return text;
    const indent = start.column - 1;
    return text
      .split('\n')
      .map((line, index) => (index === 0 ? line : stripPrefix(line, indent)))
      .join('\n');
  }

  /** Keeps a node verbatim as a raw markdown block and reports why. */
  raw(node: Nodes, ruleId: string, message: string, severity: Severity = 'warning'): RawMarkdown {
    this.report(node, ruleId, message, severity);
    return {
      object: 'block',
      type: 'markdown',
      isVoid: true,
      data: { markdown: this.sourceOf(node) },
    };
  }

  /** Records a diagnostic at a node's position. */
  report(
    node: Nodes | undefined,
    ruleId: string,
    message: string,
    severity: Severity = 'warning',
  ): void {
    const start = node?.position?.start;
    this.diagnostics.push({
      ruleId,
      severity,
      message,
      ...(start ? { line: start.line + this.#lineOffset, column: start.column } : {}),
    });
  }
}

function stripPrefix(line: string, width: number): string {
  let index = 0;
  while (index < width && index < line.length && (line[index] === ' ' || line[index] === '>'))
    index++;
  return line.slice(index);
}

/** `count` empty paragraphs (none for a non-positive count). */
export function emptyParagraphs(count: number): Block[] {
  return Array.from({ length: Math.max(0, count) }, () => ({
    object: 'block' as const,
    type: 'paragraph' as const,
    data: {},
    nodes: [
      { object: 'text' as const, leaves: [{ object: 'leaf' as const, text: '', marks: [] }] },
    ],
  }));
}

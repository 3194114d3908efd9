import type {
  BlockContent,
  DefinitionContent,
  FootnoteDefinition,
  FootnoteReference,
  Nodes,
  PhrasingContent,
  Root,
  RootContent,
} from 'mdast';
import type { Block, RawMarkdown } from '../../model/blocks.js';
import type { AnnotationInline } from '../../model/inlines.js';
import type { Mark, Text } from '../../model/text.js';
import { emptyText, sortMarks } from '../inline-builder.js';
import { parseMdast, stringifyMdast } from '../mdast-io.js';
import type { ParseContext } from '../parse-context.js';
import type { RenderContext } from '../render-context.js';
import type { ConstructHandlers } from './types.js';

declare module 'mdast' {
  interface FootnoteReferenceData {
    /**
     * docsync: the body of the annotation this reference was written for, which
     * {@link appendFootnoteDefinitions} numbers and writes as its definition.
     */
    annotationBody?: (BlockContent | DefinitionContent)[];
  }
}

function walk(node: Nodes, visit: (node: Nodes) => void): void {
  visit(node);
  if ('children' in node) for (const child of node.children) walk(child, visit);
}

/**
 * Fills `definitions` with the footnote definitions of a tree that some reference points at, by
 * identifier (the first one wins, as in GFM): the notes annotations are read from.
 */
export function collectFootnoteDefinitions(
  tree: Root,
  definitions: Map<string, FootnoteDefinition>,
): void {
  const referenced = new Set<string>();
  const all = new Map<string, FootnoteDefinition>();
  walk(tree, (node) => {
    if (node.type === 'footnoteReference') referenced.add(node.identifier);
    if (node.type === 'footnoteDefinition' && !all.has(node.identifier)) {
      all.set(node.identifier, node);
    }
  });
  for (const [identifier, definition] of all) {
    if (referenced.has(identifier)) definitions.set(identifier, definition);
  }
}

/**
 * Per parse: notes being read (to stop at one that refers to itself), notes read, references
 * seen, and the placeholders standing where referenced definitions were written.
 */
interface FootnoteState {
  open: Set<string>;
  read: Set<string>;
  count: number;
  placeholders: Map<RawMarkdown, FootnoteDefinition>;
}

const states = new WeakMap<ParseContext, FootnoteState>();

function stateOf(context: ParseContext): FootnoteState {
  const state = states.get(context) ?? {
    open: new Set(),
    read: new Set(),
    count: 0,
    placeholders: new Map(),
  };
  states.set(context, state);
  return state;
}

/**
 * Reads a footnote reference `[^1]` as an annotation whose body is its definition's blocks. The
 * annotated text is empty: markdown marks only the point after the annotated words, which stay
 * ordinary text before it. A reference inside its own note is kept as its text (`\[^1]` when
 * written): as a reference, it would point at whatever note is numbered 1 once written again.
 */
export function annotationFromFootnote(
  node: FootnoteReference,
  marks: readonly Mark[],
  context: ParseContext,
): AnnotationInline | Text {
  const current = stateOf(context);
  const definition = context.footnoteDefinitions.get(node.identifier);
  if (!definition || current.open.has(node.identifier)) {
    context.report(
      node,
      'footnote-cycle',
      `footnote \`[^${node.label ?? node.identifier}]\` refers to itself; kept as text`,
    );
    return {
      object: 'text',
      leaves: [{ object: 'leaf', text: context.sourceOf(node), marks: sortMarks(marks) }],
    };
  }
  current.count++;
  if (node.label !== String(current.count)) {
    context.report(
      node,
      'footnote-renumbered',
      `footnote \`[^${node.label ?? node.identifier}]\` is written back numbered in order of appearance, as the exporter numbers footnotes`,
      'info',
    );
  }
  current.read.add(node.identifier);
  current.open.add(node.identifier);
  const body = context.blocks(definition.children);
  current.open.delete(node.identifier);
  return {
    object: 'inline',
    type: 'annotation',
    data: {},
    nodes: [emptyText()],
    fragments: [{ object: 'fragment', type: 'annotation-body', nodes: body }],
  };
}

/** A node's shape, without positions, to compare two readings of it. */
function shape(node: Nodes | undefined): string {
  return JSON.stringify(node, (key, value: unknown) => (key === 'position' ? undefined : value));
}

/**
 * The markdown of a footnote definition no annotation holds: as written, when it reads back the
 * same on its own (with the notes it refers to defined); otherwise as the serializer writes it. A
 * definition that interrupted a paragraph can read differently once written after a blank line
 * (`[^1]: *` + a lazy line), and verbatim markdown must read back as it was read.
 */
function keptDefinition(node: FootnoteDefinition, context: ParseContext): string {
  const written = context.sourceOf(node).replace(/\n+$/, '');
  const labels = new Set<string>();
  walk(node, (child) => {
    if (child.type === 'footnoteReference') labels.add(child.label ?? child.identifier);
  });
  const stubs = [...labels].map((label) => `\n\n[^${label}]: x`).join('');
  const [again] = parseMdast(written + stubs).children;
  if (again?.position?.end.offset === written.length && shape(again) === shape(node)) {
    return written;
  }
  return stringifyMdast({ type: 'root', children: [node] }).replace(/\n+$/, '');
}

/** Removes the given nodes from a document tree, at any depth (notes hold blocks too). */
function prune(nodes: unknown[], remove: ReadonlySet<unknown>): void {
  for (let index = nodes.length - 1; index >= 0; index--) {
    const node = nodes[index] as { nodes?: unknown; fragments?: { nodes: unknown[] }[] };
    if (remove.has(node)) {
      nodes.splice(index, 1);
      continue;
    }
    if (Array.isArray(node.nodes)) prune(node.nodes, remove);
    for (const fragment of node.fragments ?? []) prune(fragment.nodes, remove);
  }
}

/**
 * Settles the definitions of a parsed page once every reference has been read: one whose note
 * was read as an annotation is removed from where it was written (it is written again after the
 * text); one whose references are all in content kept verbatim stays where it was, verbatim,
 * since that content still needs it.
 */
export function settleFootnoteDefinitions(blocks: Block[], context: ParseContext): void {
  const { read, placeholders } = stateOf(context);
  const remove = new Set<RawMarkdown>();
  for (const [placeholder, definition] of placeholders) {
    if (read.has(definition.identifier)) {
      remove.add(placeholder);
      continue;
    }
    context.report(
      definition,
      'footnote-in-verbatim',
      `footnote \`[^${definition.label ?? definition.identifier}]\` is referenced only from content kept verbatim; kept verbatim`,
    );
    placeholder.data = { markdown: keptDefinition(definition, context) };
  }
  prune(blocks, remove);
}

/**
 * Writes an annotation as its text followed by a footnote reference that carries its body; the
 * page writer numbers the references and appends their definitions
 * ({@link appendFootnoteDefinitions}).
 */
export function annotationToPhrasing(
  node: AnnotationInline,
  context: RenderContext,
): PhrasingContent[] {
  const body = context.blocks(node.fragments[0].nodes);
  return [
    ...context.phrasing(node.nodes),
    {
      type: 'footnoteReference',
      identifier: '',
      data: { annotationBody: body as (BlockContent | DefinitionContent)[] },
    },
  ];
}

/** Labels of footnote definitions written in content kept verbatim (`[^1]: …` at a line start). */
function verbatimFootnoteLabels(tree: Root): Set<string> {
  const labels = new Set<string>();
  walk(tree, (node) => {
    if (node.type !== 'html') return;
    for (const match of node.value.matchAll(/^ {0,3}\[\^([^\]]+)\]:/gm)) {
      labels.add((match[1] as string).toLowerCase());
    }
  });
  return labels;
}

/**
 * Whether a node is markdown kept verbatim that is left open (an unclosed code fence or HTML
 * comment runs to the end of the page), so that anything written after it would be read as part
 * of it: a paragraph written after it is not read as one.
 */
function leftOpen(node: RootContent | undefined): boolean {
  if (node?.type !== 'html') return false;
  const probe = parseMdast(`${node.value}\n\nprobe`).children.at(-1);
  const text = probe?.type === 'paragraph' ? probe.children[0] : undefined;
  return !(
    probe?.type === 'paragraph' &&
    probe.children.length === 1 &&
    text?.type === 'text' &&
    text.value === 'probe'
  );
}

/**
 * Numbers the annotations' footnote references 1..n in order of appearance, as the exporter
 * does, and appends their definitions (`[^1]: note`, further paragraphs indented four spaces) at
 * the end of the document. References inside a note are numbered after all those of the text. A
 * number already defined by content kept verbatim is skipped: the first definition of a label
 * wins, so a note would otherwise be read back as another's.
 */
export function appendFootnoteDefinitions(tree: Root): void {
  const definitions: FootnoteDefinition[] = [];
  const taken = verbatimFootnoteLabels(tree);
  let last = 0;
  const number = (node: Nodes) => {
    if (node.type !== 'footnoteReference' || !node.data?.annotationBody) return;
    do last++;
    while (taken.has(String(last)));
    const label = String(last);
    const { annotationBody, ...data } = node.data;
    node.identifier = label;
    node.label = label;
    node.data = data;
    definitions.push({
      type: 'footnoteDefinition',
      identifier: label,
      label,
      children: annotationBody,
    });
  };
  walk(tree, number);
  // Definitions appended while numbering are numbered in turn (a note's own notes).
  for (let index = 0; index < definitions.length; index++) {
    walk(definitions[index] as FootnoteDefinition, number);
  }
  // After content left open the definitions would be read as part of it; in the page read,
  // they came before it.
  const open = leftOpen(tree.children.at(-1));
  tree.children.splice(tree.children.length - (open ? 1 : 0), 0, ...definitions);
}

/**
 * Footnote definitions. One some reference points at leaves a placeholder where it stands
 * ({@link settleFootnoteDefinitions} removes it once its note is read); any other (referenced
 * nowhere, or a second definition of a label) is the note of no annotation: kept verbatim.
 */
export const annotation: ConstructHandlers = {
  mdast: {
    footnoteDefinition: (node: FootnoteDefinition, context) => {
      if (context.footnoteDefinitions.get(node.identifier) === node) {
        const placeholder: RawMarkdown = {
          object: 'block',
          type: 'markdown',
          isVoid: true,
          data: { markdown: '' },
        };
        stateOf(context).placeholders.set(placeholder, node);
        return [placeholder];
      }
      context.report(
        node,
        'unreferenced-footnote',
        `footnote \`[^${node.label ?? node.identifier}]\` is referenced nowhere; kept verbatim`,
      );
      return [
        {
          object: 'block',
          type: 'markdown',
          isVoid: true,
          data: { markdown: keptDefinition(node, context) },
        } satisfies RawMarkdown,
      ];
    },
  },
};

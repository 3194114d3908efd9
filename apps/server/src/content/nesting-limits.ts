import type { RevisionContent, RevisionPage } from '@docsync/core';
import { BadRequestError } from '../errors.js';

/**
 * How deep content may nest. Core's parser and renderer recurse once per level, so content past
 * a few thousand levels overflowed the stack: a 500 at import, or content that imported (parsed
 * in one process) and then failed every read in the next. These limits are far above anything
 * written by hand and far below where either breaks; past them a write is a 400 naming the limit.
 */
export const NESTING_LIMITS = {
  /** Containers one markdown line opens: `>` quotes, list markers, 2 columns of indentation. */
  markdownLine: 100,
  /** Block tags (`{% hint %}`, `{% tabs %}`, …) open inside each other at any point. */
  markdownTags: 100,
  /** Nodes from a document to its deepest leaf. */
  document: 256,
  /** Levels of the page tree (SUMMARY.md's nested lists). */
  pages: 50,
  /** Arrays and objects inside each other in a JSON request body. */
  json: 1_000,
} as const;

const LIST_MARKER = /^(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$)/;

/** Containers the start of `line` opens (see {@link NESTING_LIMITS.markdownLine}). */
function lineNesting(line: string): number {
  let depth = 0;
  let columns = 0;
  let at = 0;
  while (at < line.length) {
    const char = line[at];
    if (char === ' ') columns += 1;
    else if (char === '\t') columns += 4;
    else if (char === '>') depth += 1;
    else {
      const marker = LIST_MARKER.exec(line.slice(at, at + 11));
      if (marker === null) break;
      depth += 1;
      at += marker[0].length;
      continue;
    }
    at += 1;
  }
  return depth + Math.floor(columns / 2);
}

const TAG = /\{%-?\s*(end)?([A-Za-z][\w-]*)/g;

/** The deepest block tags nest, counting only tags that are closed somewhere (`{% endX %}`). */
function tagNesting(text: string): number {
  if (!text.includes('{%')) return 0;
  const closed = new Set<string>();
  for (const match of text.matchAll(TAG)) if (match[1] !== undefined) closed.add(match[2] ?? '');
  let depth = 0;
  let deepest = 0;
  for (const match of text.matchAll(TAG)) {
    if (!closed.has(match[2] ?? '')) continue;
    depth = match[1] === undefined ? depth + 1 : Math.max(0, depth - 1);
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

/**
 * 400 when markdown nests deeper than {@link NESTING_LIMITS} allow, before it is parsed: one pass
 * over the text. `field` names it in the message.
 */
export function requireMarkdownNesting(text: string, field: string): void {
  let start = 0;
  let line = 1;
  while (start <= text.length) {
    const end = text.indexOf('\n', start);
    const stop = end === -1 ? text.length : end;
    // Only a line's leading characters can open containers; most lines stop at the first.
    if (
      lineNesting(text.slice(start, Math.min(stop, start + 4 * NESTING_LIMITS.markdownLine + 64))) >
      NESTING_LIMITS.markdownLine
    )
      throw new BadRequestError(
        `${field} line ${line} nests more than ${NESTING_LIMITS.markdownLine} quotes, lists or indentation levels`,
      );
    if (end === -1) break;
    start = end + 1;
    line += 1;
  }
  if (tagNesting(text) > NESTING_LIMITS.markdownTags)
    throw new BadRequestError(
      `${field} nests more than ${NESTING_LIMITS.markdownTags} block tags ({% … %}) inside each other`,
    );
}

/** The depth of a tree of `{nodes?}` (a document, a JSON value's `nodes`), without recursion. */
export function nodeDepth(root: unknown, children: (node: unknown) => readonly unknown[]): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[root, 1]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [node, depth] = next;
    deepest = Math.max(deepest, depth);
    for (const child of children(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

const documentChildren = (node: unknown): readonly unknown[] => {
  if (typeof node !== 'object' || node === null) return [];
  const { nodes, fragments } = node as { nodes?: unknown; fragments?: unknown };
  const children: unknown[] = [];
  if (Array.isArray(nodes)) children.push(...(nodes as unknown[]));
  if (Array.isArray(fragments)) children.push(...(fragments as unknown[]));
  return children;
};

/**
 * Documents found within the limit. The converter hands back the very same document objects for
 * files it did not parse again, so an import checks only what it parsed.
 */
const withinLimit = new WeakSet<object>();

/** 400 when a document nests deeper than {@link NESTING_LIMITS.document}. */
export function requireDocumentDepth(document: unknown, field: string): void {
  if (typeof document === 'object' && document !== null && withinLimit.has(document)) return;
  if (nodeDepth(document, documentChildren) <= NESTING_LIMITS.document) {
    if (typeof document === 'object' && document !== null) withinLimit.add(document);
    return;
  }
  throw new BadRequestError(
    `${field} nests deeper than ${NESTING_LIMITS.document} blocks and inlines`,
  );
}

/**
 * 400 when a revision's pages nest deeper than {@link NESTING_LIMITS.pages}, or one of its
 * documents (pages, reusable contents) deeper than {@link NESTING_LIMITS.document}: what the
 * converter made of a tree, checked before it is stored.
 */
export function requireContentLimits(content: RevisionContent, field: string): void {
  const children = (node: unknown): readonly unknown[] =>
    Array.isArray(node) ? node : ((node as { pages?: readonly RevisionPage[] }).pages ?? []);
  // The root array counts as one level.
  if (nodeDepth(content.pages, children) - 1 > NESTING_LIMITS.pages)
    throw new BadRequestError(
      `${field}: pages nest more than ${NESTING_LIMITS.pages} levels deep (SUMMARY.md)`,
    );
  const stack: (readonly RevisionPage[])[] = [content.pages];
  for (let level = stack.pop(); level !== undefined; level = stack.pop())
    for (const page of level) {
      if (page.type === 'document')
        requireDocumentDepth(page.document, `${field}: page \`${page.git?.path ?? page.title}\``);
      if ('pages' in page) stack.push(page.pages);
    }
  for (const reusable of content.reusableContents)
    requireDocumentDepth(reusable.document, `${field}: reusable content \`${reusable.title}\``);
}

/** 400 when a JSON value nests arrays and objects deeper than {@link NESTING_LIMITS.json}. */
export function requireJsonDepth(value: unknown, field: string): void {
  const children = (node: unknown): readonly unknown[] =>
    typeof node === 'object' && node !== null ? Object.values(node) : [];
  if (nodeDepth(value, children) > NESTING_LIMITS.json + 1)
    throw new BadRequestError(
      `${field} nests arrays and objects more than ${NESTING_LIMITS.json} deep`,
    );
}

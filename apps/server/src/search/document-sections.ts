import type { JSONDocument } from '@docsync/core';

/** A part of a page under one heading. */
export interface DocumentSection {
  /** The heading's anchor (its `id`, else made from its text). */
  anchor: string;
  /** The heading's text. */
  title: string;
  /** The plain text under the heading, up to the next one. */
  body: string;
}

/** A document split at its headings. */
export interface DocumentOutline {
  /** The text before the first heading. */
  intro: string;
  sections: DocumentSection[];
}

/** A node of the document tree, as far as text extraction cares. */
interface TreeNode {
  object?: string;
  type?: string;
  data?: Record<string, unknown>;
  meta?: { id?: unknown };
  nodes?: TreeNode[];
  fragments?: TreeNode[];
  leaves?: { text?: unknown }[];
}

/** `data` members that hold text a reader sees (code titles, tab titles, buttons, alt text...). */
const TEXT_DATA = ['title', 'label', 'alt', 'caption', 'formula', 'markdown'] as const;

const isHeading = (node: TreeNode) =>
  node.object === 'block' && typeof node.type === 'string' && /^heading-[123]$/.test(node.type);

/** The plain text of a node: its leaves, its text-bearing data and its children, in order. */
function nodeText(node: TreeNode): string {
  if (node.object === 'text')
    return (node.leaves ?? [])
      .map((leaf) => (typeof leaf.text === 'string' ? leaf.text : ''))
      .join('');
  const parts: string[] = [];
  for (const key of TEXT_DATA) {
    const value = node.data?.[key];
    if (typeof value === 'string' && value !== '') parts.push(value);
  }
  const children = [...(node.nodes ?? []), ...(node.fragments ?? [])];
  const inline = children.every((child) => child.object === 'text' || child.object === 'inline');
  parts.push(children.map(nodeText).join(inline ? '' : '\n'));
  return parts.filter((part) => part !== '').join('\n');
}

/**
 * A heading anchor made from its text as GitHub and GitBook make them: lower case, punctuation
 * dropped, each space a `-` (`Set up: step 2` → `set-up-step-2`).
 */
function anchorOf(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/**
 * Splits a document at its headings (at any depth: a heading inside a hint or a tab starts a
 * section too). Anchors are the headings' own ids, else made from their text; a repeated one
 * gets `-1`, `-2`... as on GitHub, so every anchor of a page is distinct.
 */
export function documentSections(document: JSONDocument): DocumentOutline {
  const intro: string[] = [];
  const sections: { anchor: string; title: string; body: string[] }[] = [];
  const used = new Set<string>();
  const unique = (anchor: string) => {
    let candidate = anchor;
    for (let n = 1; used.has(candidate); n++) candidate = `${anchor}-${n}`;
    used.add(candidate);
    return candidate;
  };
  const current = () => sections[sections.length - 1]?.body ?? intro;

  const walk = (node: TreeNode) => {
    if (isHeading(node)) {
      const title = nodeText(node).trim();
      const explicit = node.data?.['id'] ?? node.meta?.id;
      const anchor = typeof explicit === 'string' && explicit !== '' ? explicit : anchorOf(title);
      sections.push({ anchor: unique(anchor), title, body: [] });
      return;
    }
    const children = [...(node.nodes ?? []), ...(node.fragments ?? [])];
    if (!children.some((child) => child.object === 'block' || child.object === 'fragment')) {
      const text = nodeText(node);
      if (text.trim() !== '') current().push(text);
      return;
    }
    const own = nodeText({ ...node, nodes: [], fragments: [] });
    if (own !== '') current().push(own);
    for (const child of children) walk(child);
  };
  for (const node of document.nodes as TreeNode[]) walk(node);

  const join = (parts: string[]) => parts.join('\n').trim();
  return {
    intro: join(intro),
    sections: sections.map(({ anchor, title, body }) => ({ anchor, title, body: join(body) })),
  };
}

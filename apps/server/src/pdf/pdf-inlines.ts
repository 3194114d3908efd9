import type { ContentRef, InlineContent, Leaf } from '@docsync/core';

/** A run of text in one style. */
export interface TextRun {
  text: string;
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
}

/** How a content reference reads in print, when nothing better is written. */
export function describeRef(ref: ContentRef): string {
  switch (ref.kind) {
    case 'url':
      return ref.url;
    case 'file':
      return `file ${ref.file}`;
    case 'page':
      return `page ${ref.page}`;
    case 'anchor':
      return `#${ref.anchor}`;
    case 'user':
      return `@${ref.user}`;
    case 'collection':
      return `collection ${ref.collection}`;
    case 'space':
      return `space ${ref.space}`;
    case 'reusable-content':
      return `reusable content ${ref.reusableContent}`;
    case 'openapi':
      return `OpenAPI ${ref.spec}`;
    case 'tag':
      return `#${ref.tag}`;
  }
}

/** The note that stands for an image, which the PDF does not include. */
export function imageNote(what: string): string {
  return `[Image: ${what} (images are not included in the PDF)]`;
}

function leafRun(leaf: Leaf): TextRun {
  const run: TextRun = { text: leaf.text };
  for (const mark of leaf.marks) {
    if (mark.type === 'bold') run.bold = true;
    else if (mark.type === 'italic') run.italic = true;
    else if (mark.type === 'code' || mark.type === 'keyboard') run.code = true;
  }
  return run;
}

/**
 * The text runs of inline content, one handler per inline type: marks become styles; links
 * keep their text; an image becomes a note saying it is left out (the PDF shows text only),
 * emoji and icons are left out; mentions, buttons and expressions print what they say.
 */
export function inlineRuns(nodes: readonly InlineContent[]): TextRun[] {
  const runs: TextRun[] = [];
  for (const node of nodes) {
    if (node.object === 'text') {
      runs.push(...node.leaves.map(leafRun));
      continue;
    }
    switch (node.type) {
      case 'link':
        runs.push(...inlineRuns(node.nodes));
        break;
      case 'annotation':
        runs.push(...inlineRuns(node.nodes));
        break;
      case 'mention':
        runs.push({ text: node.data.text ?? describeRef(node.data.ref) });
        break;
      case 'button':
        runs.push({ text: `[${node.data.label}]`, bold: true });
        break;
      case 'expression':
        runs.push({ text: `{{ ${node.data.expression} }}`, code: true });
        break;
      case 'inline-math':
        runs.push({ text: node.data.formula, code: true });
        break;
      case 'html':
        runs.push({ text: node.data.html, code: true });
        break;
      case 'inline-image':
        runs.push({
          text: imageNote(node.data.alt ?? node.data.caption ?? describeRef(node.data.ref)),
          italic: true,
        });
        break;
      case 'emoji':
      case 'icon':
        break;
    }
  }
  return runs;
}

/** The plain text of inline content. */
export function inlineText(nodes: readonly InlineContent[]): string {
  return inlineRuns(nodes)
    .map((run) => run.text)
    .join('');
}

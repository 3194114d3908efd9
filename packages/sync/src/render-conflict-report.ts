import { renderDocument, type Block, type RevisionConflict } from '@docsync/core';

function blocksText(blocks: readonly Block[]): string {
  if (blocks.length === 0) return '    (nothing)';
  const text = renderDocument({ object: 'document', data: {}, nodes: [...blocks] }).trimEnd();
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}

function json(value: unknown): string {
  return `${JSON.stringify(value) as string | undefined}`;
}

/** One conflict in words: what, where, and both versions. */
function describe(conflict: RevisionConflict): string {
  switch (conflict.kind) {
    case 'page-blocks':
      return [
        `page "${conflict.title}" (${conflict.page}): the same blocks changed on both sides`,
        '  base:',
        blocksText(conflict.base),
        '  local (git):',
        blocksText(conflict.ours),
        '  remote (space):',
        blocksText(conflict.theirs),
      ].join('\n');
    case 'page-field':
      return (
        `page "${conflict.title}" (${conflict.page}): \`${conflict.field}\` is ` +
        `${json(conflict.ours)} locally and ${json(conflict.theirs)} in the space ` +
        `(was ${json(conflict.base)})`
      );
    case 'page-deleted':
      return (
        `page "${conflict.title}" (${conflict.page}): deleted ` +
        `${conflict.deletedIn === 'ours' ? 'locally' : 'in the space'} and edited on the other side`
      );
    case 'page-parent':
      return (
        `page "${conflict.title}" (${conflict.page}): moved under ${json(conflict.ours)} locally ` +
        `and under ${json(conflict.theirs)} in the space`
      );
    case 'file':
      return `file \`${conflict.name}\`: changed differently on both sides`;
    case 'reusable-content':
      return `reusable content "${conflict.title}": changed differently on both sides`;
    case 'variable':
      return (
        `variable \`${conflict.name}\`: ${json(conflict.ours)} locally and ` +
        `${json(conflict.theirs)} in the space`
      );
  }
}

/** A readable report of merge conflicts, one section each, for the terminal. Pure. */
export function renderConflictReport(conflicts: readonly RevisionConflict[]): string {
  const head = `${String(conflicts.length)} conflict${conflicts.length === 1 ? '' : 's'} between the branch and the space; nothing was changed:`;
  return `${[head, ...conflicts.map((c, i) => `${String(i + 1)}. ${describe(c)}`)].join('\n\n')}\n`;
}

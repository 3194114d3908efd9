import type { PublishedChanges, PublishedTree } from '@docsync/sync';

/** The pull request's description: what it holds and the pages it changes. Pure. */
export function renderPullRequestBody(
  published: PublishedTree,
  changes: PublishedChanges,
  path: string,
): string {
  const mark = { added: 'added', modified: 'modified', deleted: 'deleted' } as const;
  const pages = changes.pages.slice(0, 100).map((page) => `- ${mark[page.kind]}: \`${page.path}\``);
  return [
    `The published content of ${published.kind} **${published.title}** (\`${published.id}\`) in \`${path}\`, written by docsync.`,
    '',
    ...published.spaces.map(
      (space) =>
        `- \`${space.directory === '' ? path : `${path}/${space.directory}`}\`: space \`${space.spaceId}\`, revision \`${space.revision}\``,
    ),
    '',
    `${String(changes.files.length)} files changed, ${String(changes.pages.length)} of them pages${pages.length > 0 ? ':' : '.'}`,
    ...pages,
    ...(changes.pages.length > pages.length
      ? [`- … and ${String(changes.pages.length - pages.length)} more`]
      : []),
    '',
  ].join('\n');
}

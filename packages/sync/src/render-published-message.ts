import type { PublishedChanges } from './commit-published-tree.js';
import type { PublishedTree } from './fetch-published-tree.js';

/** The default first line of a published commit's message. */
export const DEFAULT_PUBLISHED_MESSAGE = 'docsync: publish {title} ({pages} pages changed)';

/**
 * The commit message: the template with `{title}` (the site's or space's title), `{id}`, `{kind}`
 * (`site` or `space`), `{pages}` (page files changed) and `{files}` (files changed) filled in, in
 * one pass; then, after a blank line, which revision of which space each directory holds. Pure.
 */
export function renderPublishedMessage(
  template: string,
  published: PublishedTree,
  changes: PublishedChanges,
): string {
  const values: Record<string, string> = {
    title: published.title,
    id: published.id,
    kind: published.kind,
    pages: String(changes.pages.length),
    files: String(changes.files.length),
  };
  const subject = template.replace(
    /\{(title|id|kind|pages|files)\}/g,
    (_, key: string) => values[key] ?? '',
  );
  const sources = published.spaces.map(
    (space) =>
      `- ${space.directory === '' ? '.' : space.directory}: space ${space.spaceId} (${space.title}), revision ${space.revision}`,
  );
  return `${subject.trimEnd()}\n\nPublished content of ${published.kind} ${published.id}:\n${sources.join('\n')}\n`;
}

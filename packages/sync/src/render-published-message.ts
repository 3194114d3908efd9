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

/** A space a published commit says one of its directories holds, at a revision. */
export interface PublishedRevision {
  spaceId: string;
  revision: string;
}

const SOURCES_HEADING = /^Published content of (?:site|space) \S+:$/;
const SOURCE_LINE = /^- (.+): space (\S+) \(.*\), revision (\S+)$/;

/**
 * The directories a published commit's message says it holds (see {@link renderPublishedMessage}),
 * each with its space and revision, by directory (`''` for the root); undefined when the message
 * is not a published commit's.
 */
export function readPublishedSources(message: string): Map<string, PublishedRevision> | undefined {
  const lines = message.split('\n');
  const heading = lines.findIndex((line) => SOURCES_HEADING.test(line));
  if (heading === -1) return undefined;
  const sources = new Map<string, PublishedRevision>();
  for (const line of lines.slice(heading + 1)) {
    const match = SOURCE_LINE.exec(line);
    if (match === null) break;
    const [, directory = '', spaceId = '', revision = ''] = match;
    sources.set(directory === '.' ? '' : directory, { spaceId, revision });
  }
  return sources.size === 0 ? undefined : sources;
}

import type { TreeFile } from '../../tree/tree-file.js';
import type { BuiltRevision } from './build-revision.js';
import type { ContentSummary } from './import-result.js';
import type { ImportedPage } from './imported-page.js';
import { readPageSource } from './read-page-source.js';

const word = /[\p{L}\p{N}]+(?:['’_][\p{L}\p{N}]+)*/gu;

/** The words of a text, lower-cased, with how often each occurs. */
function wordCounts(texts: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const text of texts)
    for (const key of text.toLowerCase().match(word) ?? [])
      counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

/**
 * A source page's text as a reader of the source site sees it: without front matter, fence
 * lines, ESM lines, character references (a reader sees the character), ordered list numbers,
 * tags (HTML and JSX, attributes and all), JSX expressions, link and image targets, attribute
 * lists and the markers of admonitions, tabs and blocks.
 */
export function sourceText(text: string): string {
  return readPageSource(text)
    .body.replace(/^(\s*)(?:`{3,}|~{3,}).*$/gm, '')
    .replace(/^(?:import|export)\s.*$/gm, '')
    .replace(/&(?:[A-Za-z]+|#\d+|#x[\dA-Fa-f]+);/g, ' ')
    .replace(/^(\s*(?:[-*+]|>)?\s*)\d+[.)](?=\s)/gm, '$1')
    .replace(/<\/?[A-Za-z][^<>]*>/g, ' ')
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/^\s*\[[^\]]+\]:\s*\S+.*$/gm, '')
    .replace(/\{[#.:][^}\n]*\}|\{\s*[\w-]+="[^"]*"[^}\n]*\}/g, ' ')
    .replace(/^\s*(?::::+|!!!|\?\?\?\+?|===[!+]?|\/{3,})\s*[\w-]*/gm, ' ');
}

/** Keys of block data that name or style something rather than hold text a reader sees. */
const notText = new Set(['url', 'page', 'file', 'anchor', 'kind', 'id', 'style', 'syntax', 'type']);

/** Every text a document shows: its leaves, and the strings in its blocks' data (verbatim
 * markdown, titles, captions, table column titles). */
function documentTexts(node: unknown, out: string[], inData = false): void {
  if (Array.isArray(node)) {
    for (const child of node) documentTexts(child, out, inData);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const record = node as Record<string, unknown>;
  if (record.object === 'leaf' && typeof record.text === 'string') out.push(record.text);
  for (const [key, value] of Object.entries(record)) {
    if (inData && typeof value === 'string' && !notText.has(key)) out.push(value);
    else documentTexts(value, out, inData || key === 'data');
  }
}

/** The summary of an import: words kept and lost per page, links and images resolved or not. */
export function contentSummary(
  filesByPath: ReadonlyMap<string, TreeFile>,
  pages: ReadonlyMap<string, ImportedPage>,
  built: BuiltRevision,
): ContentSummary {
  let wordsInSource = 0;
  let wordsInSpace = 0;
  let wordsLost = 0;
  const losing: { source: string; words: number }[] = [];
  for (const [source, page] of pages) {
    const text = filesByPath.get(source)?.text;
    if (text === undefined || !built.pageIdBySource.has(source)) continue;
    const before = wordCounts([sourceText(text)]);
    const shown: string[] = [page.title, page.linkTitle ?? '', page.fields.description ?? ''];
    documentTexts(page.document, shown);
    const after = wordCounts(shown);
    let lost = 0;
    for (const [key, count] of before) {
      wordsInSource += count;
      lost += Math.max(0, count - (after.get(key) ?? 0));
    }
    for (const count of after.values()) wordsInSpace += count;
    wordsLost += lost;
    if (lost > 0) losing.push({ source, words: lost });
  }
  losing.sort((a, b) => b.words - a.words || (a.source < b.source ? -1 : 1));
  const { broken } = built.references;
  return {
    pages: built.pageIdBySource.size,
    wordsInSource,
    wordsInSpace,
    wordsLost,
    pagesLosingWords: losing.slice(0, 10),
    linksResolved: built.references.linksResolved,
    imagesResolved: built.references.imagesResolved,
    filesResolved: built.references.filesResolved,
    linksBroken: broken.filter((entry) => !entry.image).length,
    linksBrokenInSource: broken.filter((entry) => !entry.image && entry.inSource).length,
    imagesMissing: broken.filter((entry) => entry.image).length,
    linksToSite: built.references.toSite.links,
    imagesFromSite: built.references.toSite.images,
    toSiteKept: built.references.toSiteKept,
  };
}

import type { TreeFile } from '../../tree/tree-file.js';
import type { BuiltRevision } from './build-revision.js';
import type { ContentSummary } from './import-result.js';
import type { ImportedPage } from './imported-page.js';
import { splitFrontMatter } from '../../markdown/front-matter.js';
import { normalizeInput } from '../../markdown/parse-page.js';

const word = /[\p{L}\p{N}]+(?:['’_][\p{L}\p{N}]+)*/gu;

/** The words of a text, lower-cased, as often as they occur. */
const wordsOf = (text: string): string[] => text.toLowerCase().match(word) ?? [];

/**
 * A source page's text as a reader of the source site sees it: without front matter, fence
 * lines, ESM lines, character references (a reader sees the character), ordered list numbers,
 * tags (HTML and JSX, attributes and all), JSX expressions, link and image targets, attribute
 * lists and the markers of admonitions, tabs and blocks.
 */
export function sourceText(text: string): string {
  // The front matter is left out, not read: its values are not text a reader sees.
  return splitFrontMatter(normalizeInput(text))
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
  for (const key in record) {
    const value = record[key];
    if (typeof value === 'string') {
      if (inData && !notText.has(key)) out.push(value);
    } else if (typeof value === 'object' && value !== null)
      documentTexts(value, out, inData || key === 'data');
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
    // Each source word's count less its count in the space: what stays above 0 was lost.
    const balance = new Map<string, number>();
    const before = wordsOf(sourceText(text));
    for (const key of before) balance.set(key, (balance.get(key) ?? 0) + 1);
    const shown: string[] = [page.title, page.linkTitle ?? '', page.fields.description ?? ''];
    documentTexts(page.document, shown);
    // One text, the leaves apart: a word never runs from one leaf into the next.
    const after = wordsOf(shown.join('\n'));
    for (const key of after) {
      const count = balance.get(key);
      if (count !== undefined) balance.set(key, count - 1);
    }
    let lost = 0;
    for (const count of balance.values()) if (count > 0) lost += count;
    wordsInSource += before.length;
    wordsInSpace += after.length;
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

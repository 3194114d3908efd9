import type { List, ListItem, PhrasingContent, Root, RootContent } from 'mdast';
import type { Diagnostic } from '../diagnostic.js';
import { parseHtmlTag } from '../markdown/html-tag.js';
import { parseMdast, stringifyMdast } from '../markdown/mdast-io.js';
import { normalizeInput } from '../markdown/parse-page.js';
import { writtenDestination, writtenSource } from '../markdown/written-text.js';
import { dumpYaml, loadYaml } from '../yaml.js';
import { decodePath } from './paths.js';
import { slugify } from './slugify.js';

/** One bullet of SUMMARY.md. */
export type SummaryEntry = SummaryEntryKind & {
  /** A divider (`***`) is written right before this entry. */
  dividerBefore?: true;
};

type SummaryEntryKind =
  | {
      kind: 'page';
      title: string;
      /** The link target as written, decoded (`page.md`, `folder/README.md`, `page.md#anchor`). */
      path: string;
      /** `* [Title](page.md "Sidebar label")`. */
      linkTitle?: string;
      /** The link text as written when it is more than text (see {@link labelMarkdown}). */
      titleMarkdown?: string;
      /** The link destination as written when it escapes more than the exporter would. */
      pathMarkdown?: string;
      children: SummaryEntry[];
    }
  | {
      kind: 'link';
      title: string;
      href: string;
      linkTitle?: string;
      titleMarkdown?: string;
      children: SummaryEntry[];
    }
  | { kind: 'computed'; source: Record<string, unknown>; children: SummaryEntry[] }
  | { kind: 'text'; title: string; children: SummaryEntry[] };

/** A `## Group` and its entries. */
export interface SummaryGroup {
  title: string;
  /** The heading's text as written when it is more than text (see {@link labelMarkdown}). */
  titleMarkdown?: string;
  /** The group's URL slug: its anchor when written, else the slugified title. */
  slug: string;
  /** A divider (`***`) is written right before the group's heading. */
  dividerBefore?: true;
  entries: SummaryEntry[];
}

/** SUMMARY.md: entries before the first group, then the groups. */
export interface Summary {
  entries: SummaryEntry[];
  groups: SummaryGroup[];
}

/** Whether a link target leaves the space (a URL with a scheme, or protocol-relative). */
export function isExternal(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
}

function plain(nodes: readonly PhrasingContent[]): string {
  return nodes
    .map((node) => ('value' in node ? node.value : 'children' in node ? plain(node.children) : ''))
    .join('');
}

/**
 * The markdown of a link text or heading, `nodes`, as written in `source` (the text they were
 * parsed from), when it is more than text: a code span, emphasis, HTML… whose marks the title
 * (plain text) cannot hold, or text escaping more than the exporter would (`pg\\_lsn`, the
 * 2018–21 exporter). `undefined` for other text, and for text over several lines (written back at
 * another indentation, it would not read the same).
 */
function labelMarkdown(nodes: readonly PhrasingContent[], source: string): string | undefined {
  const start = nodes[0]?.position?.start.offset;
  const end = nodes[nodes.length - 1]?.position?.end.offset;
  if (start === undefined || end === undefined) return undefined;
  const markdown = source.slice(start, end);
  if (markdown.includes('\n')) return undefined;
  // Text alone: kept as written only when it escapes more than the exporter would (`pg\_lsn`).
  if (nodes.every((node) => node.type === 'text'))
    return writtenSource(markdown, plain(nodes)) === undefined ? undefined : markdown;
  return markdown;
}

/** The text a link text written as `markdown` reads as (see {@link labelMarkdown}). */
function labelText(markdown: string): string | undefined {
  const [paragraph] = parseMdast(`[${markdown}](x)`).children;
  const [link, ...more] = paragraph?.type === 'paragraph' ? paragraph.children : [];
  return link?.type === 'link' && more.length === 0 ? plain(link.children) : undefined;
}

/** A link text or heading: `markdown` as it was written while it reads as `title`, else `title`. */
function labelNodes(title: string, markdown: string | undefined): PhrasingContent[] {
  return markdown !== undefined && labelText(markdown) === title
    ? [{ type: 'html', value: markdown }]
    : [{ type: 'text', value: title }];
}

function readItem(
  item: ListItem,
  source: string,
  diagnostics: Diagnostic[],
): SummaryEntry | undefined {
  const [first, ...rest] = item.children;
  const children = rest.flatMap((child) =>
    child.type === 'list' ? readList(child, source, diagnostics) : [],
  );
  if (first?.type === 'code' && (first.lang === 'yaml' || first.lang === 'yml')) {
    let source: unknown;
    try {
      source = loadYaml(first.value);
    } catch {
      // Reported below as an entry that is neither a link nor an OpenAPI block.
    }
    if (typeof source === 'object' && source !== null && !Array.isArray(source)) {
      return { kind: 'computed', source: source as Record<string, unknown>, children };
    }
  }
  if (first?.type === 'paragraph') {
    const [link, ...more] = first.children;
    if (
      link?.type === 'link' &&
      more.every((node) => node.type === 'text' && node.value.trim() === '')
    ) {
      const title = plain(link.children);
      const linkTitle = link.title ?? undefined;
      const titleMarkdown = labelMarkdown(link.children, source);
      const target = decodePath(link.url);
      const label = {
        title,
        ...(linkTitle ? { linkTitle } : {}),
        ...(titleMarkdown === undefined ? {} : { titleMarkdown }),
      };
      if (isExternal(link.url)) return { kind: 'link', href: link.url, ...label, children };
      const start = link.position?.start.offset;
      const end = link.position?.end.offset;
      const textEnd = link.children.at(-1)?.position?.end.offset;
      const pathMarkdown =
        start === undefined || end === undefined
          ? undefined
          : writtenDestination(source.slice(textEnd ?? start, end), link.url);
      return {
        kind: 'page',
        path: target,
        ...label,
        ...(pathMarkdown === undefined ? {} : { pathMarkdown }),
        children,
      };
    }
    diagnostics.push({
      ruleId: 'summary-text-entry',
      severity: 'warning',
      message: `SUMMARY entry \`${plain(first.children)}\` is not a link to a page`,
      ...(item.position
        ? { line: item.position.start.line, column: item.position.start.column }
        : {}),
    });
    return { kind: 'text', title: plain(first.children), children };
  }
  diagnostics.push({
    ruleId: 'summary-entry',
    severity: 'warning',
    message: 'a SUMMARY entry is neither a link nor an OpenAPI block; ignored',
    ...(item.position
      ? { line: item.position.start.line, column: item.position.start.column }
      : {}),
  });
  return children.length > 0 ? { kind: 'text', title: '', children } : undefined;
}

function readList(list: List, source: string, diagnostics: Diagnostic[]): SummaryEntry[] {
  return list.children.flatMap((item) => readItem(item, source, diagnostics) ?? []);
}

/** The title and anchor of `## Title <a href="#slug" id="slug"></a>`. */
function readGroupHeading(
  children: readonly PhrasingContent[],
  source: string,
): Omit<SummaryGroup, 'entries'> {
  const open = children[children.length - 2];
  const close = children[children.length - 1];
  const anchor =
    open?.type === 'html' && close?.type === 'html' && close.value === '</a>'
      ? parseHtmlTag(open.value)?.attributes.get('id')
      : undefined;
  const text = anchor === undefined ? children : withoutTrailingSpace(children.slice(0, -2));
  const title = plain(text).trim();
  const titleMarkdown = labelMarkdown(text, source);
  return {
    title,
    ...(titleMarkdown === undefined ? {} : { titleMarkdown }),
    slug: anchor ?? slugify(title),
  };
}

/** Phrasing without the space that separates it from a heading's anchor. */
function withoutTrailingSpace(nodes: readonly PhrasingContent[]): PhrasingContent[] {
  const last = nodes[nodes.length - 1];
  if (last?.type !== 'text' || !/\s$/.test(last.value) || last.position === undefined)
    return [...nodes];
  const value = last.value.trimEnd();
  const trimmed = last.value.length - value.length;
  if (value === '') return nodes.slice(0, -1);
  const end = { ...last.position.end, offset: (last.position.end.offset ?? 0) - trimmed };
  return [...nodes.slice(0, -1), { ...last, value, position: { ...last.position, end } }];
}

/**
 * Reads SUMMARY.md: `##` headings start groups, bullets (any marker, any indentation) nest by
 * indentation, links are pages (or external links), a `yaml` block is a computed (OpenAPI) entry.
 */
export function parseSummary(markdown: string): { summary: Summary; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const summary: Summary = { entries: [], groups: [] };
  let target = summary.entries;
  // A divider (`***`) waiting for the group heading or entry it comes before, and its line.
  let divider = false;
  let dividerLine: number | undefined;
  for (const chunk of topLevelChunks(normalizeInput(markdown))) {
    const found: Diagnostic[] = [];
    for (const node of parseMdast(chunk.text).children) {
      if (node.type === 'heading' && node.depth === 1) continue;
      if (node.type === 'thematicBreak' && !divider) {
        divider = true;
        const line = node.position?.start.line;
        dividerLine = line === undefined ? undefined : line + chunk.line - 1;
        continue;
      }
      if (node.type === 'heading') {
        const group: SummaryGroup = {
          ...readGroupHeading(node.children, chunk.text),
          ...(divider ? { dividerBefore: true as const } : {}),
          entries: [],
        };
        divider = false;
        summary.groups.push(group);
        target = group.entries;
        continue;
      }
      if (node.type === 'list') {
        const entries = readList(node, chunk.text, found);
        const [first] = entries;
        if (divider && first) entries[0] = { ...first, dividerBefore: true };
        if (first) divider = false;
        target.push(...entries);
        continue;
      }
      found.push({
        ruleId: 'summary-content',
        severity: 'warning',
        message: `SUMMARY.md holds a \`${node.type}\` that is not part of the table of contents; ignored`,
        ...(node.position
          ? { line: node.position.start.line, column: node.position.start.column }
          : {}),
      });
    }
    for (const d of found)
      diagnostics.push(d.line === undefined ? d : { ...d, line: d.line + chunk.line - 1 });
  }
  if (divider) {
    diagnostics.push({
      ruleId: 'summary-content',
      severity: 'warning',
      message: 'SUMMARY.md ends with a divider (`***`) that comes before no entry; ignored',
      ...(dividerLine === undefined ? {} : { line: dividerLine, column: 1 }),
    });
  }
  return { summary, diagnostics };
}

/**
 * Splits SUMMARY.md before each heading and each bullet at the start of a line (outside fenced
 * code): the top-level entries are independent, and micromark's cost grows faster than linearly
 * with a document's length (a 10,000-entry table of contents took seconds in one piece).
 */
function topLevelChunks(markdown: string): { text: string; line: number }[] {
  const lines = markdown.split('\n');
  const chunks: { text: string; line: number }[] = [];
  let start = 0;
  let fence: string | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? '';
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker !== undefined) {
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
    }
    if (fence !== undefined || index === start || !/^(?:[*+-] |#{1,6} )/.test(line)) continue;
    chunks.push({ text: lines.slice(start, index).join('\n'), line: start + 1 });
    start = index;
  }
  chunks.push({ text: lines.slice(start).join('\n'), line: start + 1 });
  return chunks;
}

function entryItem(entry: SummaryEntry): ListItem {
  const children: ListItem['children'] = [];
  if (entry.kind === 'computed') {
    children.push({
      type: 'code',
      lang: 'yaml',
      value: dumpYaml(entry.source, { lineWidth: -1 }).trimEnd(),
    });
  } else if (entry.kind === 'text') {
    children.push({ type: 'paragraph', children: [{ type: 'text', value: entry.title }] });
  } else {
    const url = entry.kind === 'page' ? encodeURI(entry.path).replace(/%20/g, ' ') : entry.href;
    children.push({
      type: 'paragraph',
      children: [
        {
          type: 'link',
          url,
          title: entry.linkTitle ?? null,
          children: labelNodes(entry.title, entry.titleMarkdown),
          ...(entry.kind === 'page' && entry.pathMarkdown !== undefined
            ? { data: { urlSource: entry.pathMarkdown } }
            : {}),
        },
      ],
    });
  }
  if (entry.children.length > 0) children.push(entryList(entry.children));
  return { type: 'listItem', spread: false, children };
}

function entryList(entries: readonly SummaryEntry[]): List {
  return { type: 'list', ordered: false, spread: false, children: entries.map(entryItem) };
}

/** Top-level entries as lists, with a divider (`***`) before each entry that has one. */
function entryLists(entries: readonly SummaryEntry[]): RootContent[] {
  const out: RootContent[] = [];
  let run: SummaryEntry[] = [];
  const flush = () => {
    if (run.length > 0) out.push(entryList(run));
    run = [];
  };
  for (const entry of entries) {
    if (entry.dividerBefore) {
      flush();
      out.push({ type: 'thematicBreak' });
    }
    run.push(entry);
  }
  flush();
  return out;
}

/** Writes SUMMARY.md as GitBook's exporter does (`# Table of contents`, `*`, 2-space nesting). */
export function renderSummary(summary: Summary): string {
  const children: RootContent[] = [
    { type: 'heading', depth: 1, children: [{ type: 'text', value: 'Table of contents' }] },
  ];
  children.push(...entryLists(summary.entries));
  for (const group of summary.groups) {
    if (group.dividerBefore) children.push({ type: 'thematicBreak' });
    const heading = labelNodes(group.title, group.titleMarkdown);
    if (group.slug !== slugify(group.title)) {
      heading.push(
        { type: 'text', value: ' ' },
        { type: 'html', value: `<a href="#${group.slug}" id="${group.slug}">` },
        { type: 'html', value: '</a>' },
      );
    }
    children.push({ type: 'heading', depth: 2, children: heading });
    children.push(...entryLists(group.entries));
  }
  const tree: Root = { type: 'root', children };
  return stringifyMdast(tree);
}

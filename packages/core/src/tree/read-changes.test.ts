import { describe, expect, it } from 'vitest';
import type { JSONDocument } from '../model/document.js';
import type { RevisionContent, RevisionPage } from '../model/revision.js';
import { corpusSpaces } from '../testing/corpora.js';
import { readCorpusTree } from '../testing/read-corpus.js';
import { ConversionCache } from './conversion-cache.js';
import { gitBlobId } from './git-blob-id.js';
import { dirname, relativePath } from './paths.js';
import { treeToRevision, type ReadTreeResult } from './tree-to-revision.js';
import type { TreeFile } from './tree-file.js';
import { flattenPages } from './flatten-pages.js';

/** The bench's generator (outside this package's sources, so loaded at run time). */
interface SpaceGenerator {
  generateSpace(seed: number, size: { pages: number; assets: number }): { files: TreeFile[] };
  seededRandom(seed: number): () => number;
}
const generator = (await import(
  new URL('../../../../test/bench/generate-space.ts', import.meta.url).href
)) as SpaceGenerator;

const textFile = (path: string, text: string): TreeFile => ({
  path,
  text,
  oid: gitBlobId(text),
  size: Buffer.byteLength(text),
});

/**
 * The tree with a `.gitbook.yaml` (to edit one) and a markdown file SUMMARY.md does not list (to
 * edit that too) when it has none.
 */
function prepared(files: readonly TreeFile[]): TreeFile[] {
  const out = [...files, textFile('notes/unlisted-draft.md', '# Draft\n\nNot in the summary.\n')];
  if (!files.some((file) => file.path === '.gitbook.yaml'))
    out.push(textFile('.gitbook.yaml', 'structure:\n  readme: README.md\n  summary: SUMMARY.md\n'));
  return out;
}

/** An empty document: what a caller that does not load unchanged documents hands in. */
const placeholder = (): JSONDocument => ({ object: 'document', data: {}, nodes: [] });

/** The content with every document page's document replaced by an empty placeholder but `keep`'s. */
function withPlaceholders(content: RevisionContent, keep: ReadonlySet<string>): RevisionContent {
  const map = (pages: readonly RevisionPage[]): RevisionPage[] =>
    pages.map((page) => {
      if (page.type === 'link') return page;
      const pagesOut = map(page.pages);
      if (page.type !== 'document' || keep.has(page.git?.path ?? ''))
        return { ...page, pages: pagesOut };
      return { ...page, document: placeholder(), pages: pagesOut };
    });
  return { ...content, pages: map(content.pages) };
}

/** Freezes the page tree, so a read that mutated its base would throw. */
function frozen(content: RevisionContent): RevisionContent {
  for (const page of flattenPages(content.pages)) {
    Object.freeze(page);
    if ('pages' in page) Object.freeze(page.pages);
  }
  Object.freeze(content.pages);
  return Object.freeze(content);
}

/** Asserts that every page not on the way to a changed file is the base's object. */
function expectShared(
  next: readonly RevisionPage[],
  base: readonly RevisionPage[],
  changed: ReadonlySet<string>,
): void {
  const touches = (page: RevisionPage): boolean =>
    flattenPages([page]).some((p) => p.type === 'document' && changed.has(p.git?.path ?? ''));
  expect(next.length).toBe(base.length);
  base.forEach((before, index) => {
    const after = next[index];
    if (!touches(before)) {
      expect(after).toBe(before);
      return;
    }
    expect(after).not.toBe(before);
    if (after && 'pages' in after && 'pages' in before)
      expectShared(after.pages, before.pages, changed);
  });
}

/** One edit of the tree, and whether the incremental read may take it. */
interface Edit {
  name: string;
  files: TreeFile[];
  changed: Set<string>;
  incremental: boolean;
  /** Whether the chain goes on from this edit's result (a probe leaves the chain where it was). */
  advance: boolean;
}

/** Makes the seeded edits of one tree: page edits the fast path takes, then ones it does not. */
function editor(seed: number) {
  const random = generator.seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  let serial = 0;
  const replace = (files: readonly TreeFile[], path: string, next: TreeFile | undefined) =>
    files.flatMap((file) => (file.path === path ? (next ? [next] : []) : [file]));
  const retext = (
    name: string,
    files: readonly TreeFile[],
    path: string,
    edit: (text: string) => string,
    incremental: boolean,
  ): Edit => {
    const text = files.find((file) => file.path === path)?.text ?? '';
    return {
      name: `${name} (${path})`,
      files: replace(files, path, textFile(path, edit(text))),
      changed: new Set([path]),
      incremental,
      advance: true,
    };
  };
  return (kind: string, files: readonly TreeFile[], base: RevisionContent): Edit => {
    serial++;
    const pagePaths = flattenPages(base.pages).flatMap((page) =>
      page.type === 'document' && page.git ? [page.git.path] : [],
    );
    const page = pick(pagePaths);
    const link = (target: string, suffix = '') =>
      encodeURI(relativePath(dirname(page), target)) + suffix;
    const assets = files.filter((file) => file.path.startsWith('.gitbook/assets/'));
    switch (kind) {
      case 'body':
        return retext(kind, files, page, (t) => `${t}\nA new paragraph ${serial}.\n`, true);
      case 'title':
        return retext(
          kind,
          files,
          page,
          (t) =>
            /^# .*$/m.test(t)
              ? t.replace(/^# .*$/m, `# A new title ${serial}`)
              : `${t}\n# A heading ${serial}\n`,
          true,
        );
      case 'description':
        return retext(
          kind,
          files,
          page,
          (t) =>
            /^description: .*$/m.test(t)
              ? t.replace(/^description: .*$/m, `description: New description ${serial}`)
              : `---\ndescription: New description ${serial}\n---\n\n${t.replace(/^---\n[^]*?\n---\n/, '')}`,
          true,
        );
      case 'page link':
        return retext(
          kind,
          files,
          page,
          (t) => `${t}\nSee [another](${link(pick(pagePaths))}).\n`,
          true,
        );
      case 'anchor link':
        return retext(
          kind,
          files,
          page,
          (t) => `${t}\nSee [there](${link(pick(pagePaths), '#a-section')}).\n`,
          true,
        );
      case 'asset link':
        return assets.length === 0
          ? retext(kind, files, page, (t) => `${t}\n![](missing.png)\n`, true)
          : retext(kind, files, page, (t) => `${t}\n![](${link(pick(assets).path)})\n`, true);
      case 'garbled text':
        return retext(
          kind,
          files,
          page,
          () => `---\n: [unclosed\n---\n\n{% hint style="info" %}\n<div>\n[broken](\n`,
          true,
        );
      case 'parent and child': {
        // Two pages at once, one under the other (or two anywhere when no page has a child).
        const parent = flattenPages(base.pages).find(
          (p) => p.type === 'document' && p.pages.some((c) => c.type === 'document'),
        );
        const child =
          parent && 'pages' in parent ? parent.pages.find((c) => c.type === 'document') : undefined;
        const paths = [
          parent?.type === 'document' ? parent.git?.path : undefined,
          child?.type === 'document' ? child.git?.path : undefined,
        ].flatMap((path) => (path === undefined ? [] : [path]));
        const [first = page, second = pick(pagePaths)] = paths;
        const once = retext(kind, files, first, (t) => `${t}\nParent edit ${serial}.\n`, true);
        const twice = retext(
          kind,
          once.files,
          second,
          (t) => `${t}\nChild edit ${serial}.\n`,
          true,
        );
        return { ...twice, changed: new Set([first, second]) };
      }
      case 'unlisted':
        return retext(
          kind,
          files,
          'notes/unlisted-draft.md',
          (t) => `${t}\nMore ${serial}.\n`,
          true,
        );
      case 'summary':
        return retext(kind, files, 'SUMMARY.md', (t) => `${t}\n`, false);
      case '.gitbook.yaml':
        return retext(kind, files, '.gitbook.yaml', (t) => `${t}# edited ${serial}\n`, false);
      case 'asset': {
        if (assets.length === 0) return retext(kind, files, 'SUMMARY.md', (t) => `${t}\n`, false);
        const asset = pick(assets);
        const oid = gitBlobId(`asset ${serial}`);
        return {
          name: `asset (${asset.path})`,
          files: replace(files, asset.path, { ...asset, oid }),
          changed: new Set([asset.path]),
          incremental: false,
          advance: true,
        };
      }
      case 'unreadable page': {
        const oid = gitBlobId(`never parsed ${serial}`);
        return {
          name: `unreadable page (${page})`,
          files: replace(files, page, { path: page, oid, size: 1 }),
          changed: new Set([page]),
          incremental: false,
          advance: false,
        };
      }
      case 'added':
        return {
          name: 'file added',
          files: [...files, textFile('notes/another.md', '# Another\n')],
          changed: new Set(['notes/another.md']),
          incremental: false,
          advance: false,
        };
      case 'removed':
        return {
          name: `file removed (${page})`,
          files: replace(files, page, undefined),
          changed: new Set([page]),
          incremental: false,
          advance: false,
        };
      default:
        throw new Error(`no edit ${kind}`);
    }
  };
}

const editKinds = [
  'body',
  'title',
  'description',
  'page link',
  'anchor link',
  'asset link',
  'body',
  'garbled text',
  'parent and child',
  'unlisted',
  'unreadable page',
  'title',
  'summary',
  'body',
  'added',
  'description',
  'asset',
  'page link',
  'removed',
  '.gitbook.yaml',
  'body',
];

const sortDiagnostics = (read: ReadTreeResult, paths: ReadonlySet<string>) =>
  read.diagnostics
    .filter((d) => d.path !== undefined && paths.has(d.path))
    .map((d) => JSON.stringify(d))
    .sort();

/**
 * Runs the edits as a chain (each result the next base) twice over: from the whole revision, and
 * from one whose unchanged documents are placeholders, frozen. Each read with `baseFiles` must
 * give the whole read's content and config.
 */
function checkChain(tree: readonly TreeFile[], idNamespace: string, seed: number): void {
  const cache = new ConversionCache();
  let files = prepared(tree);
  let base = treeToRevision(files, { idNamespace, cache }).content;
  let sparse = frozen(withPlaceholders(base, new Set()));
  const edit = editor(seed);
  for (const kind of editKinds) {
    const step = edit(kind, files, base);
    const baseFiles = new Map(files.map((file) => [file.path, file.oid]));
    const whole = treeToRevision(step.files, { base, idNamespace, cache });
    const fast = treeToRevision(step.files, { base, baseFiles, idNamespace, cache });
    const fromSparse = treeToRevision(step.files, {
      base: sparse,
      baseFiles,
      idNamespace,
      cache,
    });

    expect({ edit: step.name, incremental: fast.incremental }).toEqual({
      edit: step.name,
      incremental: step.incremental,
    });
    expect(whole.incremental).toBe(false);
    expect(fast.content).toStrictEqual(whole.content);
    expect(fast.config).toStrictEqual(whole.config);
    expect(fast.unlisted).toEqual(whole.unlisted);
    expect(fromSparse.incremental).toBe(step.incremental);
    expect(withPlaceholders(fromSparse.content, step.changed)).toStrictEqual(
      withPlaceholders(whole.content, step.changed),
    );
    if (step.incremental) {
      expect(sortDiagnostics(fast, step.changed)).toEqual(sortDiagnostics(whole, step.changed));
      expect(fast.diagnostics.every((d) => d.path && step.changed.has(d.path))).toBe(true);
      for (const [read, from] of [
        [fast, base],
        [fromSparse, sparse],
      ] as const) {
        expectShared(read.content.pages, from.pages, step.changed);
        expect(read.content.files).toBe(from.files);
        expect(read.content.reusableContents).toBe(from.reusableContents);
        expect(read.content.variables).toBe(from.variables);
      }
    }
    if (!step.advance) continue;
    files = step.files;
    base = fast.content;
    sparse = fromSparse.incremental
      ? frozen(fromSparse.content)
      : frozen(withPlaceholders(fromSparse.content, new Set()));
  }
}

describe('treeToRevision with baseFiles (incremental read)', () => {
  it('gives the whole read’s content on a generated space of 300 pages, through a chain of edits', () => {
    const { files } = generator.generateSpace(7, { pages: 300, assets: 60 });
    checkChain(files, 'generated', 11);
  });

  for (const [index, space] of corpusSpaces.entries()) {
    it(`gives the whole read’s content on ${space}, through a chain of edits`, () => {
      checkChain(readCorpusTree(space), space, 100 + index);
    });
  }

  it('takes the whole read without baseFiles, or without a base', () => {
    const files = prepared(readCorpusTree('lawnchair-docs/help'));
    const base = treeToRevision(files, { idNamespace: 'help' }).content;
    const baseFiles = new Map(files.map((file) => [file.path, file.oid]));
    expect(treeToRevision(files, { base, idNamespace: 'help' }).incremental).toBe(false);
    expect(treeToRevision(files, { baseFiles, idNamespace: 'help' }).incremental).toBe(false);
    const same = treeToRevision(files, { base, baseFiles, idNamespace: 'help' });
    expect(same.incremental).toBe(true);
    expect(same.content.pages).toBe(base.pages);
  });

  it('takes the whole read when the summary is inferred from folders', () => {
    const files = [textFile('README.md', '# Home\n'), textFile('guide/a.md', '# A\n')];
    const base = treeToRevision(files, { idNamespace: 'x' }).content;
    const baseFiles = new Map(files.map((file) => [file.path, file.oid]));
    const next = [files[0] as TreeFile, textFile('guide/a.md', '# A again\n')];
    const read = treeToRevision(next, { base, baseFiles, idNamespace: 'x' });
    expect(read.incremental).toBe(false);
    expect(read.content).toStrictEqual(treeToRevision(next, { base, idNamespace: 'x' }).content);
  });
});

/**
 * The generated docs space the tree, sync and server benchmarks measure: a deterministic tree of
 * markdown pages and binary assets. Kept apart from the suites so importing the generator does
 * not run a suite's setup.
 */
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gitBlobId, revisionToTree, treeToRevision, type TreeFile } from '@docsync/core';
import { seededRandom } from '@docsync/test-utils';

/**
 * A generated space the size of the target: 10,000 pages and 2,000 assets, from a fixed
 * seed so every run measures the same bytes. Pages look like exporter output: front matter, a
 * title, headings, paragraphs with marks, lists, a code block, a hint, links to other pages and
 * an image; the hierarchy is up to four levels deep under ten `##` groups of SUMMARY.md.
 */
const pageCount = 10_000;
const assetCount = 2_000;
const groupCount = 10;

/** The same space on every run and machine. */
export { seededRandom };

const vocabulary = (
  'sync space page block editor change request branch commit merge review publish content ' +
  'team member token webhook integration search theme layout cover asset image table column ' +
  'release version guide install configure deploy account billing access domain api client ' +
  'server event queue retry limit cache preview draft history export import mapping field'
).split(' ');

interface PagePlan {
  title: string;
  slug: string;
  group: number;
  parent: PagePlan | undefined;
  children: PagePlan[];
  path: string;
}

/** The file path of a page: `slug.md`, or `slug/README.md` once it has children. */
function planPaths(page: PagePlan, dir: string): void {
  page.path = page.children.length > 0 ? `${dir}/${page.slug}/README.md` : `${dir}/${page.slug}.md`;
  for (const child of page.children) planPaths(child, `${dir}/${page.slug}`);
}

/** `../..` from the directory of `from` to `to`. */
function relative(from: string, to: string): string {
  const a = from.split('/').slice(0, -1);
  const b = to.split('/');
  let common = 0;
  while (common < a.length && common < b.length - 1 && a[common] === b[common]) common++;
  return [...a.slice(common).map(() => '..'), ...b.slice(common)].join('/');
}

/** The generated space: its files as the reader takes them, and every file's bytes. */
export interface GeneratedSpace {
  files: TreeFile[];
  bytes: Uint8Array[];
}

/** Seeded prose: a generator, a picker, words and sentences from a vocabulary. */
export function seededText(seed: number, words: readonly string[] = vocabulary) {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const some = (n: number) => Array.from({ length: n }, () => pick(words)).join(' ');
  const sentence = () => {
    const text = some(6 + Math.floor(random() * 10));
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  };
  return { random, pick, words: some, sentence };
}

/** Generates the space as a tree of files, as a person or an older exporter might have written it. */
export function generateSpace(
  seed = 20261124,
  size: { pages: number; assets: number } = { pages: pageCount, assets: assetCount },
): GeneratedSpace {
  const { random, pick, words, sentence } = seededText(seed);

  // Hierarchy: each group starts with a few top pages; later pages hang under an earlier page of
  // their group that is at most three levels deep.
  const plans: PagePlan[] = [];
  const depth = (page: PagePlan): number => (page.parent ? 1 + depth(page.parent) : 0);
  for (let index = 0; index < size.pages - 1; index++) {
    const group = index % groupCount;
    const title = `${words(2).replace(/^./, (c) => c.toUpperCase())} ${index}`;
    const candidates = plans.filter((p) => p.group === group).slice(-60);
    const parent =
      candidates.length < 8 || random() < 0.08
        ? undefined
        : pick(candidates.filter((p) => depth(p) < 3));
    const plan: PagePlan = {
      title,
      slug: title.toLowerCase().replace(/ /g, '-'),
      group,
      parent,
      children: [],
      path: '',
    };
    parent?.children.push(plan);
    plans.push(plan);
  }
  for (const plan of plans) if (!plan.parent) planPaths(plan, `group-${plan.group}`);

  const assets = Array.from({ length: size.assets }, (_, index) => {
    const bytes = new Uint8Array(2048 + Math.floor(random() * 4096));
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(random() * 256);
    return { path: `.gitbook/assets/image-${index}.png`, bytes };
  });

  const pageText = (page: PagePlan): string => {
    const other = pick(plans);
    const image = pick(assets);
    const lines = [
      '---',
      `description: ${sentence()}`,
      '---',
      '',
      `# ${page.title}`,
      '',
      `${sentence()} See [${other.title}](${relative(page.path, other.path)}) for **${words(2)}**, and _${words(1)}_ with \`${pick(vocabulary)}\`.`,
      '',
      `## ${words(3)}`,
      '',
      sentence() + ' ' + sentence(),
      '',
      `* ${sentence()}`,
      `* ${words(4)} \`${pick(vocabulary)}\``,
      `  * ${sentence()}`,
      `* ${sentence()}`,
      '',
      '```js',
      `const ${pick(vocabulary)} = await client.${pick(vocabulary)}('${pick(vocabulary)}');`,
      `console.log(${pick(vocabulary)});`,
      '```',
      '',
      '{% hint style="info" %}',
      sentence(),
      '{% endhint %}',
      '',
      `<figure><img src="${relative(page.path, image.path)}" alt=""><figcaption><p>${words(3)}</p></figcaption></figure>`,
      '',
      `### ${words(2)}`,
      '',
      `1. ${sentence()}`,
      `2. ${sentence()}`,
      '',
      sentence() + ' ' + sentence(),
      '',
    ];
    return lines.join('\n');
  };

  const summaryEntries = (list: readonly PagePlan[], indent: string): string[] =>
    list.flatMap((page) => [
      `${indent}* [${page.title}](${page.path})`,
      ...summaryEntries(page.children, `${indent}  `),
    ]);
  const summary = [
    '# Table of contents',
    '',
    '* [Home](README.md)',
    ...Array.from({ length: groupCount }, (_, group) => [
      '',
      `## Group ${group} <a href="#group-${group}" id="group-${group}"></a>`,
      '',
      ...summaryEntries(
        plans.filter((p) => p.group === group && !p.parent),
        '',
      ),
    ]).flat(),
    '',
  ].join('\n');

  const texts: [string, string][] = [
    ['SUMMARY.md', summary],
    ['README.md', `# Home\n\n${sentence()}\n`],
    ...plans.map((page): [string, string] => [page.path, pageText(page)]),
  ];
  return {
    files: [
      ...texts.map(([path, text]) => ({
        path,
        text,
        oid: gitBlobId(text),
        size: Buffer.byteLength(text),
      })),
      ...assets.map(({ path, bytes }) => ({ path, oid: gitBlobId(bytes), size: bytes.byteLength })),
    ],
    bytes: [...texts.map(([, text]) => Buffer.from(text)), ...assets.map(({ bytes }) => bytes)],
  };
}

/** The generated space of `pages` pages as the canonical tree docsync writes: path and bytes. */
export function canonicalFiles(pages: number): { path: string; bytes: Uint8Array }[] {
  const generated = generateSpace(20261124, { pages, assets: Math.max(1, pages / 5) });
  const bytesByOid = new Map(generated.files.map((file, i) => [file.oid, generated.bytes[i]]));
  const read = treeToRevision(generated.files, { idNamespace: 'bench' }).content;
  return revisionToTree(read).files.map((file) => ({
    path: file.path,
    bytes:
      file.text === undefined
        ? (bytesByOid.get(file.oid) ?? new Uint8Array())
        : Buffer.from(file.text),
  }));
}

/** Writes files under `root`, making directories as needed. */
export async function writeFiles(
  root: string,
  files: readonly { path: string; bytes: Uint8Array }[],
): Promise<void> {
  for (const file of files) {
    const path = join(root, file.path);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.bytes);
  }
}

const exec = promisify(execFile);

/**
 * Runs the git binary in `dir` as a bench identity; its standard output, trimmed. Automatic
 * garbage collection is off: a `gc --auto` left running in the background after one case packs
 * and prunes loose objects while the next case's `clone --local` hard-links them.
 */
export async function git(dir: string, ...args: string[]): Promise<string> {
  const answer = await exec(
    'git',
    ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com', '-c', 'gc.auto=0', ...args],
    { cwd: dir, maxBuffer: 64 * 1024 * 1024 },
  );
  return answer.stdout.trim();
}

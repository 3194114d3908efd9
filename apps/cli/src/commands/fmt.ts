import { dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { CliError } from '../cli-error.js';
import type { CliIo } from '../cli-io.js';
import { canonicalTree } from '../canonical-tree.js';
import { readDocsTree } from '../docs-tree.js';
import { formatDiagnostic } from '../format-diagnostic.js';

/** `docsync fmt`'s options as commander parses them. */
interface FmtOptions {
  check?: true;
  out?: string;
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * Reads a docs tree as a revision and writes it back in canonical form, in place or into
 * `--out`; `--check` only reports. Unlisted files are reported and left alone; nothing is
 * deleted; nothing is written when a file could not be read as written (an error diagnostic).
 */
async function fmt(io: CliIo, dir: string | undefined, options: FmtOptions): Promise<void> {
  const source = resolve(io.cwd, dir ?? '.');
  let stat;
  try {
    stat = await io.fs.stat(source);
  } catch {
    throw new CliError('unreadable-dir', `cannot read \`${dir ?? '.'}\`: no such directory`);
  }
  if (!stat.isDirectory())
    throw new CliError('unreadable-dir', `\`${dir ?? '.'}\` is not a directory`);

  const tree = await readDocsTree(io.fs, source);
  const canonical = await canonicalTree(tree.files);
  for (const diagnostic of canonical.diagnostics) {
    if (diagnostic.ruleId === 'unlisted-page') continue;
    io.stderr(`${formatDiagnostic(diagnostic.path ?? '.', diagnostic)}\n`);
  }
  const errors = canonical.diagnostics.filter((d) => d.severity === 'error').length;
  if (errors > 0 && options.check === undefined) {
    throw new CliError(
      'fmt-errors',
      `${plural(errors, 'error')} in \`${dir ?? '.'}\`; nothing written`,
    );
  }
  const before = new Map(tree.files.map((file) => [file.path, file]));
  const changed = canonical.files.filter((file) => before.get(file.path)?.oid !== file.oid);
  for (const file of changed) io.stdout(`${before.has(file.path) ? 'M' : 'A'} ${file.path}\n`);
  for (const path of canonical.unlisted)
    io.stdout(`? ${path} (not imported by sync: left as it is)\n`);

  if (options.check) {
    if (changed.length > 0 || errors > 0) {
      throw new CliError(
        'not-canonical',
        `${plural(changed.length, 'file')} in \`${dir ?? '.'}\` not in canonical form`,
      );
    }
    return;
  }
  const target = options.out === undefined ? source : resolve(io.cwd, options.out);
  const toWrite = options.out === undefined ? changed : canonical.files;
  for (const file of toWrite) {
    const path = join(target, file.path);
    await io.fs.mkdir(dirname(path), { recursive: true });
    const content = file.text ?? tree.bytes.get(file.path);
    if (content === undefined) throw new CliError('missing-asset', `no bytes for \`${file.path}\``);
    await io.fs.writeFile(path, content);
  }
  io.stderr(
    `docsync: ${plural(changed.length, 'file')} ${options.out === undefined ? 'rewritten' : 'differ from the source'}; ${plural(canonical.files.length, 'file')} in the canonical tree\n`,
  );
}

/** Registers `docsync fmt [dir] [--check] [--out dir]`. */
export function registerFmt(program: Command, io: CliIo): void {
  program
    .command('fmt')
    .summary('rewrite a docs tree in canonical form (what sync will write)')
    .description(
      [
        'Read a docs tree (SUMMARY.md, pages, .gitbook/) as sync does and write it',
        'back in canonical form: in place, or into --out. Prints one line per file:',
        '  M path   rewritten     A path   created (e.g. SUMMARY.md)',
        '  ? path   not imported by sync (not in SUMMARY.md, or in no space of',
        '           docs.yaml): reported, never changed or deleted',
        '',
        'Exit codes: 0 ok; 1 --check found files not canonical, or a file could',
        'not be read as written (nothing is written then); 2 usage error.',
      ].join('\n'),
    )
    .argument('[dir]', 'the space directory (default: the current directory)')
    .option('--check', 'write nothing; exit 1 when the tree is not canonical')
    .option('--out <dir>', 'write the canonical tree into this directory instead')
    .action((dir: string | undefined, options: FmtOptions) => fmt(io, dir, options));
}

import { extname } from 'node:path';
import type { parsePage, renderPage } from '@docsync/core';
import { Option, type Command } from 'commander';
import { CliError, UsageError } from '../cli-error.js';
import type { CliIo } from '../cli-io.js';
import { firstDifferingLine } from '../first-differing-line.js';
import { formatDiagnostic } from '../format-diagnostic.js';
import { parsePageJson } from '../page-json.js';
import { displayName, readInput, stdinArgument } from '../read-input.js';

/** The two forms of a page `convert` reads. */
type Format = 'md' | 'json';

/** `docsync convert`'s options as commander parses them. */
interface ConvertOptions {
  check?: true;
  from?: Format;
}

/** The converters, loaded when `convert` runs (see {@link loadCore}). */
interface Core {
  parsePage: typeof parsePage;
  renderPage: typeof renderPage;
}

/**
 * Imports @docsync/core on first use: loading it (remark, micromark, YAML) takes longer than the
 * rest of the CLI's start-up, and `docsync --version` or other commands should not pay for it.
 */
function loadCore(): Promise<Core> {
  return import('@docsync/core');
}

const formatByExtension: Record<string, Format> = { '.md': 'md', '.json': 'json' };

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** A file's format: `--from`, else its extension; `-` (stdin) is markdown unless `--from json`. */
function formatOf(file: string, from: Format | undefined): Format {
  if (from) return from;
  if (file === stdinArgument) return 'md';
  const format = formatByExtension[extname(file).toLowerCase()];
  if (format) return format;
  throw new UsageError(
    `cannot tell the format of \`${file}\`: expected a \`.md\` or \`.json\` file (or --from md|json)`,
  );
}

/** Markdown → `{metadata, document}` JSON on stdout; diagnostics on stderr. */
function markdownToJson(core: Core, io: CliIo, name: string, markdown: string): void {
  const { metadata, document, diagnostics } = core.parsePage(markdown);
  io.stdout(`${JSON.stringify({ metadata, document }, null, 2)}\n`);
  for (const diagnostic of diagnostics) io.stderr(`${formatDiagnostic(name, diagnostic)}\n`);
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  if (errors > 0) {
    throw new CliError(
      'conversion-error',
      `\`${name}\` has ${plural(errors, 'error')}; that content is kept verbatim in the output`,
    );
  }
}

/** `{metadata, document}` or a bare document → markdown on stdout. */
function jsonToMarkdown(core: Core, io: CliIo, name: string, json: string): void {
  const result = parsePageJson(json);
  if (result.diagnostic) {
    io.stderr(`${formatDiagnostic(name, result.diagnostic)}\n`);
    throw new CliError(
      result.diagnostic.ruleId,
      result.diagnostic.ruleId === 'json-syntax'
        ? `\`${name}\` is not valid JSON`
        : `\`${name}\` is not a docsync page or document`,
    );
  }
  let markdown: string;
  try {
    markdown = core.renderPage(result.page);
  } catch (error) {
    // The shape check stops at the top-level blocks; a malformed block deeper down can still
    // make the renderer fail.
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError('render-failed', `\`${name}\` could not be written as markdown: ${reason}`, {
      cause: error,
    });
  }
  io.stdout(markdown);
}

/**
 * `--check`: reports each markdown file that is not in the form docsync writes
 * (`renderPage(parsePage(x)) !== x`) at its first differing line, then fails if any was.
 */
async function checkNormalized(core: Core, io: CliIo, files: readonly string[]): Promise<void> {
  let unnormalized = 0;
  let unreadable = 0;
  for (const file of files) {
    const name = displayName(file);
    let markdown: string;
    try {
      markdown = await readInput(io, file);
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      io.stderr(`docsync: ${error.message}\n`);
      unreadable++;
      continue;
    }
    const normalized = core.renderPage(core.parsePage(markdown));
    const line = firstDifferingLine(markdown, normalized);
    if (line === undefined) continue;
    unnormalized++;
    const show = (text: string | undefined) =>
      text === undefined ? '(end of file)' : JSON.stringify(text);
    io.stderr(
      `${name}:${line}: not normalized\n` +
        `  found:    ${show(markdown.split('\n')[line - 1])}\n` +
        `  expected: ${show(normalized.split('\n')[line - 1])}\n`,
    );
  }
  if (unnormalized + unreadable === 0) return;
  const problems = [
    ...(unnormalized > 0 ? [`${unnormalized} not normalized`] : []),
    ...(unreadable > 0 ? [`${unreadable} unreadable`] : []),
  ];
  throw new CliError(
    'check-failed',
    `--check failed: ${problems.join(', ')} (of ${plural(files.length, 'file')})`,
  );
}

async function convert(
  io: CliIo,
  files: readonly string[],
  options: ConvertOptions,
): Promise<void> {
  if (files.filter((file) => file === stdinArgument).length > 1) {
    throw new UsageError('`-` (standard input) can be given only once');
  }
  const inputs = files.map((file) => ({ file, format: formatOf(file, options.from) }));
  if (options.check) {
    const json = inputs.find((input) => input.format === 'json');
    if (json) {
      throw new UsageError(`--check takes markdown files only; \`${json.file}\` is JSON`);
    }
    await checkNormalized(await loadCore(), io, files);
    return;
  }
  const [input, ...more] = inputs;
  if (!input || more.length > 0) {
    throw new UsageError(
      `convert takes one file (got ${files.length}); only --check takes several`,
    );
  }
  const [core, text] = await Promise.all([loadCore(), readInput(io, input.file)]);
  const name = displayName(input.file);
  if (input.format === 'md') markdownToJson(core, io, name, text);
  else jsonToMarkdown(core, io, name, text);
}

/** Registers `docsync convert`: a page's markdown ⇄ its JSON document, and `--check`. */
export function registerConvert(program: Command, io: CliIo): void {
  program
    .command('convert')
    .summary('convert a page between markdown and JSON, or check it is normalized')
    .description(
      // Lines are kept under 80 columns: commander wraps the description at the terminal width.
      [
        'Convert a page between markdown and JSON.',
        '',
        '  FILE.md    prints {"metadata": …, "document": …} as JSON; diagnostics go',
        '             to stderr as FILE:LINE:COL: SEVERITY: MESSAGE [rule]',
        '  FILE.json  prints the markdown of {metadata, document} or of a bare',
        '             document {"object": "document", …}',
        '  -          reads standard input: markdown, or JSON with --from json',
        '',
        'Exit codes: 0 ok (diagnostics that are not errors do not fail);',
        '1 a file could not be read or converted, an `error` diagnostic (the',
        '  output is still printed), or --check found a file not normalized;',
        '2 usage error (unknown extension, several files without --check).',
      ].join('\n'),
    )
    .argument('<files...>', 'a .md or .json page file, or - for standard input')
    .option('--check', 'print nothing and exit 0 if each markdown file is already normalized')
    .addOption(
      new Option('--from <format>', 'read the input as this format, whatever its name').choices([
        'md',
        'json',
      ]),
    )
    .action((files: string[], options: ConvertOptions) => convert(io, files, options));
}

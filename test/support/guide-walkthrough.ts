/**
 * The guide (docs/guide/*.md) as a test: every ```console block is a walkthrough step, `$ `
 * lines are commands (a trailing `\` continues one) and the lines after a command are what it
 * prints. The pages run in order in one shell, as someone following the guide would run them.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One command of the guide, where it is written and what it prints. */
export interface GuideStep {
  readonly page: string;
  /** 1-based line of the `$ ` line in the page. */
  readonly line: number;
  readonly command: string;
  readonly output: readonly string[];
  /** The page says it needs PostgreSQL (`<!-- guide: postgres -->`): skipped on SQLite. */
  readonly postgres: boolean;
}

/** The line by which a page says its commands need the service on PostgreSQL. */
export const POSTGRES_PAGE = '<!-- guide: postgres -->';

/** The commands of the guide's pages (file names in order), with the output each shows. */
export async function readGuide(dir: string): Promise<GuideStep[]> {
  const pages = (await readdir(dir)).filter((name) => name.endsWith('.md')).sort();
  const steps: GuideStep[] = [];
  for (const page of pages) {
    const lines = (await readFile(join(dir, page), 'utf8')).split('\n');
    const postgres = lines.some((line) => line.trim() === POSTGRES_PAGE);
    let inBlock = false;
    let current: { line: number; command: string; output: string[] } | undefined;
    let continues = false;
    const finish = () => {
      if (current !== undefined) steps.push({ page, postgres, ...current });
      current = undefined;
    };
    for (const [index, text] of lines.entries()) {
      if (!inBlock) {
        inBlock = text.trim() === '```console';
        continue;
      }
      if (text.trim() === '```') {
        finish();
        inBlock = false;
      } else if (continues && current !== undefined) {
        current.command += `\n${text}`;
        continues = text.endsWith('\\');
      } else if (text.startsWith('$ ')) {
        finish();
        current = { line: index + 1, command: text.slice(2), output: [] };
        continues = text.endsWith('\\');
      } else if (current === undefined) {
        throw new Error(`${page}:${String(index + 1)}: output before any \`$ \` command`);
      } else current.output.push(text);
    }
    if (inBlock) throw new Error(`${page}: a \`\`\`console block is not closed`);
  }
  return steps;
}

const MARK = '::guide-step-done::';

/**
 * One bash script running every step in order, standard error merged into standard output, each
 * step's output followed by a line holding its exit code.
 */
export function guideScript(steps: readonly GuideStep[]): string {
  const body = steps.map((step) => `${step.command}\nprintf '\\n${MARK} %d\\n' $?`);
  // The service the guide starts in the background stops with the walkthrough.
  return ['exec 2>&1', ...body, 'kill $(jobs -p) 2>/dev/null', 'wait', ''].join('\n');
}

/** Each step's output lines and exit code, from the script's output. */
export function splitOutput(output: string): { lines: string[]; code: number }[] {
  const parts = output.split(new RegExp(`\\n${MARK} (\\d+)\\n`));
  const results: { lines: string[]; code: number }[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    // The line break that ends a step's output is the script's, not part of it.
    const text = (parts[i] ?? '').replace(/\n$/, '');
    results.push({ lines: text === '' ? [] : text.split('\n'), code: Number(parts[i + 1]) });
  }
  return results;
}

/**
 * Whether `actual` lines are what the guide shows: `…` in a line stands for any text, a line
 * that is `…` alone for any number of lines (none included).
 */
export function matchesShown(shown: readonly string[], actual: readonly string[]): boolean {
  const [first, ...rest] = shown;
  if (first === undefined) return actual.length === 0;
  if (first === '…') {
    for (let skip = 0; skip <= actual.length; skip++)
      if (matchesShown(rest, actual.slice(skip))) return true;
    return false;
  }
  const [line, ...others] = actual;
  if (line === undefined) return false;
  const pattern = first
    .split('…')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`).test(line) && matchesShown(rest, others);
}

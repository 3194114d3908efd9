import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parsePage } from '@docsync/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestError } from '../errors.js';
import { MarkdownPool } from './markdown-pool.js';

/** Markdown the parser takes seconds over (see `event-loop.test.ts`). */
const slowMarkdown = (count: number) => `${'*'.repeat(count)}x${'*'.repeat(count)}`;

describe('MarkdownPool.parseMany', () => {
  const pool = new MarkdownPool({ timeMs: 8_000, threads: 2 });
  // Started workers: a first parse counts a worker's start in its budget (seconds from source).
  beforeAll(async () => {
    await Promise.all([pool.parse('# One\n', 'one'), pool.parse('# Two\n', 'two')]);
  }, 30_000);
  afterAll(async () => {
    await pool.close();
  });

  it('parses pages in batches into what parsing each alone gives, in order', async () => {
    // More pages than one batch holds, each different, one with a page of a batch's length alone.
    const pages = Array.from({ length: 150 }, (_, n) => ({
      markdown: `# Page ${String(n)}\n\nText of page ${String(n)} with a [link](page-${String(n + 1)}.md).\n`,
      field: `page ${String(n)}`,
    }));
    pages.push({ markdown: `# Long\n\n${'word '.repeat(60_000)}\n`, field: 'long' });
    // Not about budgets: the long page parses in about 1.2 s on a quiet machine, but the workers
    // run at nice 10, and beside other test files at load 6 it took past 8 s (a CI run).
    const roomy = new MarkdownPool({ timeMs: 120_000, threads: 2 });
    try {
      const parsed = await roomy.parseMany(pages);
      expect(parsed).toHaveLength(pages.length);
      parsed.forEach((page, index) => {
        expect(page).toEqual(parsePage(pages[index]?.markdown ?? ''));
      });
    } finally {
      await roomy.close();
    }
  }, 180_000);

  it('holds each page of a batch to its own time budget and names the one past it', async () => {
    const fine = (n: number) => ({ markdown: `# Fine ${String(n)}\n`, field: `fine ${String(n)}` });
    const pages = [
      ...Array.from({ length: 10 }, (_, n) => fine(n)),
      { markdown: `# Stars\n\n${slowMarkdown(50_000)}\n`, field: 'body/tree: `slow.md`' },
      ...Array.from({ length: 10 }, (_, n) => fine(n + 10)),
    ];
    const refused = await pool.parseMany(pages).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BadRequestError);
    expect((refused as Error).message).toBe(
      'body/tree: `slow.md` took more than 8000 ms of processor time to convert; simplify or split it',
    );
    // The pool has a fresh worker: the next batch parses.
    expect(await pool.parseMany([fine(0)])).toEqual([parsePage(fine(0).markdown)]);
  }, 60_000);

  it('counts a page’s time from when a worker starts it, not while it waits for one', async () => {
    // One worker: the fine page waits the whole budget behind the slow one, then parses.
    const one = new MarkdownPool({ timeMs: 1_500, threads: 1 });
    try {
      const slow = one
        .parse(`# Stars\n\n${slowMarkdown(50_000)}\n`, 'slow')
        .catch((error: unknown) => error);
      const fine = one.parse('# Fine\n', 'fine');
      expect(await slow).toBeInstanceOf(BadRequestError);
      expect(await fine).toEqual(parsePage('# Fine\n'));
    } finally {
      await one.close();
    }
  }, 30_000);

  it('refuses a page past the length budget before parsing any, naming it', async () => {
    const small = new MarkdownPool({ maxLength: 100 });
    try {
      await expect(
        small.parseMany([
          { markdown: '# Fine\n', field: 'fine' },
          { markdown: 'x'.repeat(101), field: 'long' },
        ]),
      ).rejects.toThrow('long is 101 characters long; markdown is converted up to 100');
    } finally {
      await small.close();
    }
  });

  /**
   * Runs `work` while the machine is loaded: a busy process per core and one more, at the
   * test's priority, so the pool's workers (at nice 10) get a small share of a core.
   */
  async function loaded<T>(work: () => Promise<T>): Promise<T> {
    const busy = Array.from({ length: availableParallelism() + 1 }, () =>
      spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
    );
    try {
      return await work();
    } finally {
      for (const child of busy) child.kill('SIGKILL');
    }
  }

  // The worker's processor time is read from /proc (Linux); elsewhere wall time counts.
  it.skipIf(!existsSync('/proc/thread-self'))(
    'counts a page’s processor time, not the time its worker waits for a core on a busy machine',
    async () => {
      const page = `# Words\n\n${'word '.repeat(10_000)}\n`;
      const pool = new MarkdownPool({ timeMs: 1_000, wallFactor: 60, threads: 1 });
      try {
        await pool.parse('# Warm\n', 'warm');
        const started = performance.now();
        const parsed = await loaded(() => pool.parse(page, 'words'));
        const wall = performance.now() - started;
        expect(parsed).toEqual(parsePage(page));
        // What the test is about: past the budget in wall time (a budget of wall time refused it).
        expect(wall).toBeGreaterThan(1_000);
      } finally {
        await pool.close();
      }
    },
    90_000,
  );

  it.skipIf(!existsSync('/proc/thread-self'))(
    'refuses a page that a busy machine has not converted within the wall-time limit',
    async () => {
      const pool = new MarkdownPool({ timeMs: 2_000, wallFactor: 1.5, threads: 1 });
      try {
        await pool.parse('# Warm\n', 'warm');
        const started = performance.now();
        const refused = await loaded(() =>
          pool.parse(`# Stars\n\n${slowMarkdown(50_000)}\n`, 'stars').catch((e: unknown) => e),
        );
        expect(refused).toBeInstanceOf(BadRequestError);
        expect((refused as Error).message).toBe(
          'stars took longer than 3000 ms to convert on a busy service; simplify or split it, or try again later',
        );
        expect(performance.now() - started).toBeLessThan(3_000 + 2_000);
        // The pool has a fresh worker: the next page parses.
        expect(await pool.parse('# Fine\n', 'fine')).toEqual(parsePage('# Fine\n'));
      } finally {
        await pool.close();
      }
    },
    60_000,
  );
});

import { gitBlobId, parsePage } from '@docsync/core';
import { afterAll, describe, expect, it } from 'vitest';
import { MarkdownPool } from '../parsing/markdown-pool.js';
import { ParsesAhead } from './parses-ahead.js';

const encoder = new TextEncoder();

/** A blob as an upload stores it. */
function blob(text: string | Uint8Array): { oid: string; bytes: Uint8Array } {
  const bytes = typeof text === 'string' ? encoder.encode(text) : text;
  return { oid: gitBlobId(bytes), bytes };
}

describe('ParsesAhead', () => {
  const pool = new MarkdownPool({ threads: 2, maxLength: 10_000 });
  afterAll(async () => {
    await pool.close();
  });

  it('parses uploaded markdown into what parsing it alone gives, and keeps its text until taken', async () => {
    const ahead = new ParsesAhead(() => false);
    const pages = Array.from({ length: 100 }, (_, n) =>
      blob(`# Page ${String(n)}\n\nSee [the next](p${String(n + 1)}.md).\n`),
    );
    ahead.start(pool, pages);
    const first = pages[0] as { oid: string; bytes: Uint8Array };
    expect(ahead.text(first.oid)).toBe('# Page 0\n\nSee [the next](p1.md).\n');
    for (const page of pages)
      expect(await ahead.take(page.oid)).toEqual(parsePage(new TextDecoder().decode(page.bytes)));
    expect(ahead.take(first.oid)).toBeUndefined();
    expect(ahead.text(first.oid)).toBeUndefined();
    expect(ahead.chars).toBe(0);
  });

  it('leaves out binary blobs, text past the length budget and blobs parsed already', () => {
    const known = blob('# Known\n');
    const ahead = new ParsesAhead((oid) => oid === known.oid);
    const png = blob(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
    const long = blob(`# Long\n\n${'word '.repeat(3_000)}\n`);
    ahead.start(pool, [png, long, known]);
    for (const { oid } of [png, long, known]) expect(ahead.take(oid)).toBeUndefined();
  });

  it('says which page a budget refused, with the words of the refusal after its field', async () => {
    const ahead = new ParsesAhead(() => false);
    const fine = blob('# Fine\n');
    const deep = blob(`${'>'.repeat(5_000)} deep\n`);
    ahead.start(pool, [fine, deep]);
    const refused = await ahead.take(deep.oid);
    expect(refused !== undefined && 'refused' in refused ? refused.refused : refused).toMatch(
      /^ line 1 nests more than/,
    );
    // Its batch is lost to the refusal: the import parses the other page itself.
    expect(await ahead.take(fine.oid)).toBeUndefined();
  });

  it('forgets the oldest uploads past its bound on characters', async () => {
    const ahead = new ParsesAhead(() => false, { maxChars: 30 });
    const pages = ['# One one one\n', '# Two two two\n', '# Three three\n'].map((text) =>
      blob(text),
    );
    ahead.start(pool, pages);
    expect(ahead.chars).toBeLessThanOrEqual(30);
    expect(ahead.text(pages[0]?.oid ?? '')).toBeUndefined();
    expect(await ahead.take(pages[2]?.oid ?? '')).toEqual(parsePage('# Three three\n'));
  });
});

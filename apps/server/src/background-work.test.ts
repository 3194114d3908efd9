import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { BackgroundWork, IDLE_MS } from './background-work.js';

function recorder() {
  const errors: string[] = [];
  const work = new BackgroundWork((error, what) => {
    errors.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
  });
  return { work, errors };
}

/** Resolves once `done()` holds, checking every few milliseconds (at most 5 s). */
async function until(done: () => boolean): Promise<void> {
  for (let waited = 0; !done(); waited += 5) {
    if (waited > 5000) throw new Error('waited 5 s');
    await sleep(5);
  }
}

describe('BackgroundWork', () => {
  it('runs work once no request came in for a while, and not while requests keep coming', async () => {
    const { work } = recorder();
    const ran: number[] = [];
    const notes: number[] = [];
    const note = () => {
      work.noteRequest();
      notes.push(performance.now());
    };
    note();
    work.start('a', 'work a', () => {
      ran.push(performance.now());
      return Promise.resolve();
    });
    // Requests every 5 ms for 100 ms: the work waits them out (a slow timer may leave a gap).
    while (performance.now() - (notes[0] ?? 0) < 100) {
      note();
      await sleep(5);
    }
    await until(() => ran.length === 1);
    const start = ran[0] ?? 0;
    const lastBefore = Math.max(...notes.filter((time) => time <= start));
    expect(start - lastBefore).toBeGreaterThanOrEqual(IDLE_MS - 1);
    await work.close();
  });

  it('runs works of one key one at a time, and of those waiting only the last started', async () => {
    const { work } = recorder();
    const log: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    work.start('space', 'first', async () => {
      log.push('first');
      await held;
      log.push('first done');
    });
    await until(() => log.includes('first'));
    // While the first runs, two more come: the second is replaced by the third before its turn.
    work.start('space', 'second', () => {
      log.push('second');
      return Promise.resolve();
    });
    work.start('space', 'third', () => {
      log.push('third');
      return Promise.resolve();
    });
    // Another key does not wait for this one's.
    work.start('other', 'other', () => {
      log.push('other');
      return Promise.resolve();
    });
    await until(() => log.includes('other'));
    expect(log).toEqual(['first', 'other']);
    release();
    await until(() => log.includes('third'));
    expect(log).toEqual(['first', 'other', 'first done', 'third']);
    await work.close();
    expect(work.running).toBe(0);
  });

  it('reports a failure with what failed, and goes on with later work', async () => {
    const { work, errors } = recorder();
    const log: string[] = [];
    work.start('space', 'listing revision r1', () => Promise.reject(new Error('disk gone')));
    await until(() => errors.length === 1);
    work.start('space', 'listing revision r2', () => {
      log.push('r2');
      return Promise.resolve();
    });
    await until(() => log.length === 1);
    expect(errors).toEqual(['listing revision r1: disk gone']);
    await work.close();
  });

  it('on close, waits for running work, drops waiting work and starts nothing more', async () => {
    const { work } = recorder();
    const log: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    work.start('space', 'running', async () => {
      log.push('running');
      await held;
      log.push('running done');
    });
    await until(() => log.includes('running'));
    work.start('space', 'waiting', () => {
      log.push('waiting');
      return Promise.resolve();
    });
    // Busy: idleness is then only reached by closing.
    work.noteRequest();
    const idle = work.idle();
    const closed = work.close();
    await idle;
    work.start('later', 'after close', () => {
      log.push('after close');
      return Promise.resolve();
    });
    setTimeout(release, 20);
    await closed;
    expect(log).toEqual(['running', 'running done']);
    expect(work.running).toBe(0);
  });
});

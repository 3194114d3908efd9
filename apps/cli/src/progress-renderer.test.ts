import { describe, expect, it } from 'vitest';
import { createProgressRenderer, renderProgressLine } from './progress-renderer.js';

function recorder(isTTY: boolean) {
  const written: string[] = [];
  let clock = 0;
  const renderer = createProgressRenderer({
    write: (text) => written.push(text),
    isTTY,
    now: () => clock,
    intervalMs: 100,
  });
  return {
    written,
    renderer,
    tick: (ms: number) => {
      clock += ms;
    },
  };
}

describe('renderProgressLine', () => {
  it('shows the step, a bar, the count, the share and the bytes sent', () => {
    expect(renderProgressLine({ phase: 'upload', done: 120, total: 480, bytes: 1_234_567 })).toBe(
      'uploading blobs [#####               ] 120/480 25% 1.2 MB',
    );
  });

  it('shows a fetch without bytes, and a step of nothing as complete', () => {
    expect(renderProgressLine({ phase: 'fetch', done: 3, total: 3 })).toBe(
      'fetching from the space [####################] 3/3 100%',
    );
    expect(renderProgressLine({ phase: 'upload', done: 0, total: 0, bytes: 0 })).toBe(
      'uploading blobs [####################] 0/0 100% 0 B',
    );
  });
});

describe('createProgressRenderer', () => {
  it('writes nothing when standard error is not a terminal', () => {
    const { written, renderer } = recorder(false);
    renderer.update({ phase: 'upload', done: 1, total: 2, bytes: 10 });
    renderer.update({ phase: 'upload', done: 2, total: 2, bytes: 20 });
    renderer.done();
    expect(written).toEqual([]);
  });

  it('redraws one line in place at most every interval, always at the end, and clears it when done', () => {
    const { written, renderer, tick } = recorder(true);
    renderer.update({ phase: 'fetch', done: 1, total: 4 });
    tick(50);
    renderer.update({ phase: 'fetch', done: 2, total: 4 });
    tick(60);
    renderer.update({ phase: 'fetch', done: 3, total: 4 });
    renderer.update({ phase: 'fetch', done: 4, total: 4 });
    renderer.done();
    expect(written).toEqual([
      '\rfetching from the space [#####               ] 1/4 25%\u001b[K',
      '\rfetching from the space [###############     ] 3/4 75%\u001b[K',
      '\rfetching from the space [####################] 4/4 100%\u001b[K',
      '\r\u001b[K',
    ]);
  });

  it('clears nothing when it drew nothing', () => {
    const { written, renderer } = recorder(true);
    renderer.done();
    expect(written).toEqual([]);
  });
});

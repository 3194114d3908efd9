import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Clock } from './clock.js';
import { Debounce } from './debounce.js';
import { SharedTimer } from './shared-timer.js';

describe('SharedTimer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  /** The event loop's timers, counted. */
  function baseClock() {
    const live = new Set<ReturnType<typeof setTimeout>>();
    const clock: Clock = {
      now: () => Date.now(),
      setTimeout: (callback, ms) => {
        const handle = setTimeout(() => {
          live.delete(handle);
          callback();
        }, ms);
        live.add(handle);
        return handle;
      },
      clearTimeout: (handle) => {
        live.delete(handle);
        clearTimeout(handle);
      },
    };
    return { clock, live };
  }

  it('runs many timers in due order on one timer of the event loop', () => {
    const { clock, live } = baseClock();
    const timer = new SharedTimer(clock);
    const fired: string[] = [];
    for (const [name, ms] of [
      ['c', 300],
      ['a', 100],
      ['b', 200],
      ['a2', 100],
    ] as const)
      timer.setTimeout(() => fired.push(name), ms);
    expect(timer.pending).toBe(4);
    expect(live.size).toBe(1);
    vi.advanceTimersByTime(99);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(['a', 'a2']);
    expect(live.size).toBe(1);
    vi.advanceTimersByTime(200);
    expect(fired).toEqual(['a', 'a2', 'b', 'c']);
    expect([timer.pending, live.size]).toEqual([0, 0]);
  });

  it('clears a timer, re-arms for the next, and lets a callback clear another due one', () => {
    const { clock, live } = baseClock();
    const timer = new SharedTimer(clock);
    const fired: string[] = [];
    const first = timer.setTimeout(() => fired.push('first'), 50);
    const later: ReturnType<SharedTimer['setTimeout']>[] = [];
    timer.setTimeout(() => {
      fired.push('clearer');
      for (const handle of later) timer.clearTimeout(handle);
    }, 100);
    later.push(timer.setTimeout(() => fired.push('second'), 100));
    timer.clearTimeout(first);
    vi.advanceTimersByTime(100);
    expect(fired).toEqual(['clearer']);
    expect([timer.pending, live.size]).toEqual([0, 0]);
  });

  it('runs a 0 ms timer set by a callback in the next round, not the same one', () => {
    const { clock } = baseClock();
    const timer = new SharedTimer(clock);
    const fired: number[] = [];
    const again = (n: number) => () => {
      fired.push(n);
      if (n < 3) timer.setTimeout(again(n + 1), 0);
    };
    timer.setTimeout(again(1), 10);
    vi.advanceTimersByTime(10);
    expect(fired).toEqual([1]);
    vi.advanceTimersByTime(10);
    expect(fired).toEqual([1, 2, 3]);
  });

  it('carries a hundred debounces on one timer', () => {
    const { clock, live } = baseClock();
    const timer = new SharedTimer(clock);
    const fire = vi.fn();
    const debounces = Array.from({ length: 100 }, () => new Debounce(timer, 100, 5, fire));
    for (const [index, debounce] of debounces.entries()) {
      vi.advanceTimersByTime(index % 2);
      debounce.poke();
    }
    expect([timer.pending, live.size]).toEqual([100, 1]);
    vi.advanceTimersByTime(200);
    expect(fire).toHaveBeenCalledTimes(100);
    expect(live.size).toBe(0);
  });
});

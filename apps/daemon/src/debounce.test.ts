import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Clock } from './clock.js';
import { Debounce } from './debounce.js';

describe('Debounce', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const clock: Clock = {
    now: () => Date.now(),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => {
      clearTimeout(handle);
    },
  };

  it('fires once, a quiet period after the last of a burst', () => {
    const fire = vi.fn();
    const debounce = new Debounce(clock, 100, 5, fire);
    debounce.poke();
    vi.advanceTimersByTime(60);
    debounce.poke();
    vi.advanceTimersByTime(60);
    expect(fire).not.toHaveBeenCalled();
    expect(debounce.pending).toBe(true);
    vi.advanceTimersByTime(40);
    expect(fire).toHaveBeenCalledTimes(1);
    expect(debounce.pending).toBe(false);
  });

  it('fires at most the given number of periods after the first event of a burst that never pauses', () => {
    const fire = vi.fn();
    const debounce = new Debounce(clock, 100, 5, fire);
    for (let elapsed = 0; elapsed < 500; elapsed += 50) {
      debounce.poke();
      vi.advanceTimersByTime(50);
    }
    expect(fire).toHaveBeenCalledTimes(1);
    // A new burst starts a new count.
    debounce.poke();
    vi.advanceTimersByTime(100);
    expect(fire).toHaveBeenCalledTimes(2);
  });

  it('drops a waiting call when cancelled', () => {
    const fire = vi.fn();
    const debounce = new Debounce(clock, 100, 5, fire);
    debounce.poke();
    debounce.cancel();
    vi.advanceTimersByTime(1_000);
    expect(fire).not.toHaveBeenCalled();
    expect(debounce.pending).toBe(false);
  });
});

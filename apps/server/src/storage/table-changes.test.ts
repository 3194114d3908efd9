import { describe, expect, it } from 'vitest';
import { TableChanges } from './table-changes.js';

describe('TableChanges', () => {
  it('keeps a read current until a table it read changes', () => {
    const changes = new TableChanges();
    const stamp = changes.stamp() ?? -1;
    changes.changed(['comments']);
    expect(changes.unchangedSince(stamp, ['spaces', 'members'])).toBe(true);
    changes.changed(['members']);
    expect(changes.unchangedSince(stamp, ['spaces', 'members'])).toBe(false);
    expect(changes.unchangedSince(changes.stamp() ?? -1, ['spaces', 'members'])).toBe(true);
  });

  it('ends every read when every table changed, and a read of every table at any change', () => {
    const changes = new TableChanges();
    const stamp = changes.stamp() ?? -1;
    changes.changed('all');
    expect(changes.unchangedSince(stamp, ['spaces'])).toBe(false);
    const later = changes.stamp() ?? -1;
    changes.changed(['comments']);
    expect(changes.unchangedSince(later, 'all')).toBe(false);
  });

  it('trusts nothing while suspended, and nothing read before it resumed', () => {
    const changes = new TableChanges({ suspended: true });
    expect(changes.stamp()).toBeUndefined();
    changes.resume();
    const stamp = changes.stamp() ?? -1;
    expect(changes.unchangedSince(stamp, ['spaces'])).toBe(true);
    changes.suspend();
    expect(changes.unchangedSince(stamp, ['spaces'])).toBe(false);
    changes.resume();
    expect(changes.unchangedSince(stamp, ['spaces'])).toBe(false);
  });

  it('counts every table as changed when another writer’s version moved, polling once a turn', async () => {
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    let version = 1;
    let polls = 0;
    const changes = new TableChanges({
      poll: () => {
        polls += 1;
        return version;
      },
    });
    await nextTurn();
    const stamp = changes.stamp() ?? -1;
    expect(changes.unchangedSince(stamp, ['spaces'])).toBe(true);
    expect(polls).toBe(2); // the constructor's and this turn's
    version = 2;
    // Same turn of the event loop: the poll already taken answers for it.
    expect(changes.unchangedSince(stamp, ['spaces'])).toBe(true);
    await nextTurn();
    expect(changes.unchangedSince(stamp, ['spaces'])).toBe(false);
    expect(polls).toBe(3);
  });

  it('tells watchers what changed', () => {
    const changes = new TableChanges();
    const seen: unknown[] = [];
    const stop = changes.watch((tables) => seen.push(tables));
    changes.changed(['spaces']);
    stop();
    changes.changed('all');
    expect(seen).toEqual([['spaces']]);
  });
});

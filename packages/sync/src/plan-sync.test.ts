import { describe, expect, it } from 'vitest';
import { planMassDelete } from './plan-mass-delete.js';
import { planSync } from './plan-sync.js';
import { diffTrees, toSyncTree } from './sync-tree.js';

const tree = (files: Record<string, string>) =>
  toSyncTree(Object.entries(files).map(([path, oid]) => ({ path, oid })));

describe('planSync', () => {
  it('is in sync when both trees are the same, whatever changed since the base', () => {
    const same = tree({ 'a.md': '1' });
    expect(planSync({ base: tree({ 'a.md': '0' }), local: same, remote: same }).action).toBe(
      'in-sync',
    );
  });

  it('pushes when only the branch changed and pulls when only the space did', () => {
    const base = tree({ 'a.md': '1' });
    const changed = tree({ 'a.md': '2' });
    expect(planSync({ base, local: changed, remote: base }).action).toBe('push');
    expect(planSync({ base, local: base, remote: changed }).action).toBe('pull');
  });

  it('needs a merge when both sides changed since the base', () => {
    const base = tree({ 'a.md': '1', 'b.md': '1' });
    const plan = planSync({
      base,
      local: tree({ 'a.md': '2', 'b.md': '1' }),
      remote: tree({ 'a.md': '1', 'b.md': '2' }),
    });
    expect(plan.action).toBe('merge');
    expect(plan.localChanges).toEqual([{ path: 'a.md', kind: 'modified' }]);
    expect(plan.remoteChanges).toEqual([{ path: 'b.md', kind: 'modified' }]);
  });

  it('plans a space that is the base itself as the general case does, from the known changes', () => {
    const base = tree({ 'a.md': '1', 'b.md': '1', 'c.md': '1' });
    const local = tree({ 'a.md': '2', 'c.md': '1', 'd.md': '1' });
    const general = planSync({ base, local, remote: new Map(base) });
    expect(planSync({ base, local, remote: base })).toEqual(general);
    expect(planSync({ base, local, remote: base, localChanges: diffTrees(base, local) })).toEqual(
      general,
    );
    expect(planSync({ base, local: base, remote: base }).action).toBe('in-sync');
  });

  it('takes the space into an empty branch when there is no known base', () => {
    expect(
      planSync({ base: undefined, local: tree({}), remote: tree({ 'a.md': '1' }) }).action,
    ).toBe('pull');
  });
});

describe('planMassDelete', () => {
  it('blocks a push deleting more than half of the pages and ignores SUMMARY.md and assets', () => {
    const remote = tree({ 'a.md': '1', 'b.md': '1', 'c.md': '1', 'SUMMARY.md': '1', 'x.png': '1' });
    const twoGone = diffTrees(remote, tree({ 'a.md': '1', 'SUMMARY.md': '1' }));
    expect(planMassDelete(remote, twoGone)).toEqual({ deleted: 2, total: 3, blocked: true });
    const oneGone = diffTrees(remote, tree({ 'a.md': '1', 'b.md': '1' }));
    expect(planMassDelete(remote, oneGone).blocked).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { CollectionTree } from './collection-tree.js';

// top (read) ─ middle ─ leaf (comment); loose is elsewhere; knot points at itself.
const tree = new CollectionTree(
  new Map([
    ['top', { parentId: null, defaultLevel: 'read' }],
    ['middle', { parentId: 'top', defaultLevel: null }],
    ['leaf', { parentId: 'middle', defaultLevel: 'comment' }],
    ['loose', { parentId: null, defaultLevel: null }],
    ['knot', { parentId: 'knot', defaultLevel: null }],
  ]),
);

describe('collection tree', () => {
  it('inherits the nearest default level set above', () => {
    expect(tree.inheritedDefault('middle')).toBe('read');
    expect(tree.inheritedDefault('leaf')).toBe('comment');
    expect(tree.inheritedDefault('loose')).toBeUndefined();
    expect(tree.inheritedDefault(null)).toBeUndefined();
  });

  it('applies a content’s own level before the inherited one, never above the role', () => {
    expect(tree.levelFor('edit', { default_level: null, parent_id: 'middle' })).toBe('read');
    expect(tree.levelFor('edit', { default_level: 'review', parent_id: 'middle' })).toBe('edit');
    expect(tree.levelFor('admin', { default_level: 'read', parent_id: 'leaf' })).toBe('admin');
  });

  it('finds a subtree and whether a collection lies inside another', () => {
    expect(tree.subtree('top').sort()).toEqual(['leaf', 'middle', 'top']);
    expect(tree.isWithin('leaf', 'top')).toBe(true);
    expect(tree.isWithin('top', 'leaf')).toBe(false);
    expect(tree.isWithin(null, 'top')).toBe(false);
  });

  it('stops on a cycle instead of looping', () => {
    expect(tree.inheritedDefault('knot')).toBeUndefined();
    expect(tree.subtree('knot')).toEqual(['knot']);
  });
});

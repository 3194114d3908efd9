import { describe, expect, it } from 'vitest';
import {
  MIN_POSITION_GAP,
  insertionIndex,
  positionBetween,
  type Sibling,
} from './sibling-order.js';

const siblings: Sibling[] = [
  { kind: 'space', id: 'a', position: 1 },
  { kind: 'collection', id: 'b', position: 2 },
  { kind: 'space', id: 'c', position: 4 },
];

describe('sibling order', () => {
  it('puts an item last when no position is given', () => {
    expect(insertionIndex(siblings, undefined)).toBe(3);
    expect(positionBetween(siblings, 3)).toBe(5);
  });

  it('puts an item before or after a reference, whatever its kind', () => {
    expect(insertionIndex(siblings, { before: { space: 'b' } })).toBe(1);
    expect(insertionIndex(siblings, { after: { space: 'b' } })).toBe(2);
    expect(positionBetween(siblings, 1)).toBe(1.5);
    expect(positionBetween(siblings, 2)).toBe(3);
    expect(positionBetween(siblings, 0)).toBe(0);
  });

  it('knows no index for a reference that is not a sibling', () => {
    expect(insertionIndex(siblings, { before: { space: 'elsewhere' } })).toBeUndefined();
  });

  it('starts an empty list at 1', () => {
    expect(positionBetween([], 0)).toBe(1);
  });

  it('refuses a midpoint between neighbours closer than the minimum gap', () => {
    const close: Sibling[] = [
      { kind: 'space', id: 'a', position: 1 },
      { kind: 'space', id: 'b', position: 1 + MIN_POSITION_GAP / 2 },
    ];
    expect(positionBetween(close, 1)).toBeUndefined();
  });
});

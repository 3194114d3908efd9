import { describe, expect, it } from 'vitest';
import { sameJson } from './same-json.js';

describe('sameJson', () => {
  it('compares objects by their properties in any order, arrays in order', () => {
    expect(sameJson({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 })).toBe(true);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameJson({ a: { b: 1 } }, { a: { b: 2 } })).toBe(false);
  });

  it('treats a property set to undefined as absent, as JSON does', () => {
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(sameJson({ a: undefined }, { b: undefined })).toBe(true);
  });

  it('tells arrays, objects, null and primitives apart', () => {
    expect(sameJson([], {})).toBe(false);
    expect(sameJson(null, {})).toBe(false);
    expect(sameJson('1', 1)).toBe(false);
    expect(sameJson(null, null)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { decodeBase64 } from './base64.js';

describe('decodeBase64', () => {
  it('decodes canonical, padded base64', () => {
    expect(decodeBase64('')).toEqual(new Uint8Array());
    expect(decodeBase64('aGk=')).toEqual(new TextEncoder().encode('hi'));
    expect(decodeBase64('aGVsbG8K')).toEqual(new TextEncoder().encode('hello\n'));
  });

  it('refuses what Buffer.from would read anyway', () => {
    for (const bad of ['aGk', 'aG k=', 'aGk=\n', 'a-_=', '!!!!', 'aGk==', '=aGk', 'aGl='])
      expect(decodeBase64(bad), bad).toBeUndefined();
  });

  it('checks 16 MiB of base64 without overflowing the stack', () => {
    const bytes = Buffer.alloc(12 * 1024 * 1024, 'docsync');
    const decoded = decodeBase64(bytes.toString('base64'));
    expect(decoded !== undefined && bytes.equals(decoded)).toBe(true);
  });
});

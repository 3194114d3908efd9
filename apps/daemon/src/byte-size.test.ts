import { describe, expect, it } from 'vitest';
import { parseByteSize } from './byte-size.js';

describe('parseByteSize', () => {
  it('reads bytes and units of 1,024, and refuses anything else', () => {
    expect(['512kB', '32MB', '1.5gb', '2MiB', '100b', 4096, ' 1 KB '].map(parseByteSize)).toEqual([
      524_288, 33_554_432, 1_610_612_736, 2_097_152, 100, 4096, 1024,
    ]);
    expect(['32', 'lots', '-1MB', -5, null, '1TB', '2 MBs'].map(parseByteSize)).toEqual(
      Array.from({ length: 7 }, () => undefined),
    );
  });
});

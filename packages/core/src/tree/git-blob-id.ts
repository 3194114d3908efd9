import { createHash } from 'node:crypto';

const encoder = new TextEncoder();

/** The id git gives a blob with these bytes (`git hash-object`): SHA-1 of `blob <size>\0<bytes>`. */
export function gitBlobId(content: Uint8Array | string): string {
  const bytes = typeof content === 'string' ? encoder.encode(content) : content;
  return createHash('sha1').update(`blob ${bytes.byteLength}\0`).update(bytes).digest('hex');
}

/** A short, stable id (20 characters of [0-9A-Za-z]) derived from the given parts. */
export function stableId(...parts: string[]): string {
  const digest = createHash('sha256').update(parts.join('\u0000')).digest();
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  let id = '';
  for (let index = 0; index < 20; index++) id += alphabet.charAt((digest[index] ?? 0) % 62);
  return id;
}

/**
 * The bytes of canonical, padded base64, or undefined for anything else: `Buffer.from` would skip
 * any other character silently. Checked by encoding the bytes back and comparing, linear in the
 * length (a regular expression over the whole text overflowed the stack past ~3.2 MiB).
 */
export function decodeBase64(text: string): Uint8Array | undefined {
  const bytes = Buffer.from(text, 'base64');
  return bytes.toString('base64') === text ? new Uint8Array(bytes) : undefined;
}

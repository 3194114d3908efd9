import { inflateSync } from 'node:zlib';

/** What a test reads from PDF bytes. */
export interface ReadPdf {
  /** The file starts with `%PDF-` and ends with `%%EOF`. */
  wellFormed: boolean;
  /** Number of page objects. */
  pageCount: number;
  /** The text shown on the pages, one string per text-showing operator's run, in order. */
  texts: string[];
  /**
   * The outline's entries (bookmarks) with the title of the entry each is nested in (absent at
   * the top), in file order.
   */
  outline: { title: string; parent?: string }[];
}

/** WinAnsiEncoding's characters at 0x80–0x9F, where it differs from Latin-1 (undefined: none). */
const WIN_ANSI_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/** Text in WinAnsiEncoding (how pdfkit writes the standard fonts' text). */
function winAnsi(bytes: Buffer): string {
  return Array.from(bytes, (code) =>
    code >= 0x80 && code <= 0x9f
      ? (WIN_ANSI_HIGH[code - 0x80] ?? String.fromCharCode(code))
      : String.fromCharCode(code),
  ).join('');
}

/** Decodes a PDF string operand: `<hex>` or `(literal)` with its escapes. */
function decodeString(operand: string): string {
  if (operand.startsWith('<')) return winAnsi(Buffer.from(operand.slice(1, -1), 'hex'));
  return operand
    .slice(1, -1)
    .replace(/\\([nrtbf()\\])/g, (_, char: string) =>
      char === 'n' ? '\n' : char === 'r' ? '\r' : char === 't' ? '\t' : char,
    );
}

/** The strings of a `[...] TJ` array or a `Tj` operand, joined (kerning numbers dropped). */
function shownText(operands: string): string {
  return [...operands.matchAll(/<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\)/g)]
    .map((match) => decodeString(match[0]))
    .join('');
}

/**
 * Reads enough of a PDF to assert on it in tests: its frame, its pages, the text its content
 * streams show (Flate-compressed streams are inflated) and its outline. Not a PDF
 * parser: it reads what pdfkit writes.
 */
export function readPdf(bytes: Uint8Array): ReadPdf {
  const buffer = Buffer.from(bytes);
  const raw = buffer.toString('latin1');
  const texts: string[] = [];
  const streamPattern = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let match = streamPattern.exec(raw); match !== null; match = streamPattern.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content = buffer.subarray(start, end);
    if ((match[1] ?? '').includes('/FlateDecode')) {
      try {
        content = inflateSync(content);
      } catch {
        continue; // Not a content stream this reader understands (a font, an image).
      }
    }
    const text = content.toString('latin1');
    for (const shown of text.matchAll(
      /(\[(?:[^\]\\]|\\.)*\])\s*TJ|(<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\))\s*Tj/g,
    ))
      texts.push(shownText(shown[1] ?? shown[2] ?? ''));
  }
  // Outline entries are objects with an inline `/Title` (the info dictionary's is indirect).
  const titleByObject = new Map<string, string>();
  const parentByObject = new Map<string, string>();
  for (const object of raw.matchAll(/(\d+) 0 obj\s*<<([^]*?)>>\s*endobj/g)) {
    const [, number = '', body = ''] = object;
    const title = /\/Title\s*(\((?:\\.|[^\\)])*\)|<[0-9a-fA-F]*>)/.exec(body);
    if (title === null) continue;
    titleByObject.set(number, decodeString(title[1] ?? ''));
    const parent = /\/Parent\s+(\d+) 0 R/.exec(body);
    if (parent !== null) parentByObject.set(number, parent[1] ?? '');
  }
  const outline = [...titleByObject].map(([number, title]) => {
    const parent = titleByObject.get(parentByObject.get(number) ?? '');
    return parent === undefined ? { title } : { title, parent };
  });
  return {
    wellFormed: raw.startsWith('%PDF-') && raw.trimEnd().endsWith('%%EOF'),
    pageCount: [...raw.matchAll(/\/Type\s*\/Page(?![a-zA-Z])/g)].length,
    texts,
    outline,
  };
}

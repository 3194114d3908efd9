/** The characters of WinAnsiEncoding outside Latin-1 (the code points 0x80–0x9F map to). */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Characters that read the same in the PDF's standard fonts, written for the ones that do not. */
const SUBSTITUTES: Readonly<Record<string, string>> = {
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u200b': '',
  '\u2192': '->',
  '\u2190': '<-',
  '\u2713': 'v',
  '\u2714': 'v',
  '\u2022': '•',
};

/**
 * Text as the PDF's standard fonts (Helvetica, Courier) can show it: they encode WinAnsi only,
 * and pdfkit writes any other character as bytes that show as unrelated glyphs. Tabs become two
 * spaces; characters outside WinAnsi (emoji, CJK) become `?` rather than garbage.
 */
export function winAnsiText(text: string): string {
  let out = '';
  for (const char of text) {
    const substitute = SUBSTITUTES[char];
    if (substitute !== undefined) {
      out += substitute;
      continue;
    }
    const code = char.codePointAt(0) ?? 0;
    if (char === '\t') out += '  ';
    else if ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff)) out += char;
    else if (WIN_ANSI_EXTRAS.has(char)) out += char;
    else if (code >= 0xfe00 && code <= 0xfe0f)
      continue; // variation selectors
    else out += '?';
  }
  return out;
}

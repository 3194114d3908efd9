import type { Translator } from './translator.js';

const ACCENTS: Readonly<Record<string, string>> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ö',
  u: 'ü',
  y: 'ý',
  c: 'ç',
  n: 'ñ',
  A: 'Á',
  E: 'É',
  I: 'Í',
  O: 'Ö',
  U: 'Ü',
  Y: 'Ý',
  C: 'Ç',
  N: 'Ñ',
};

/** The pseudo translation of a text outside tags: its letters accented. */
function accent(text: string): string {
  // Entities (`&amp;`) are markup, not words.
  return text.replace(/&[a-z]+;|[aeiouycnAEIOUYCN]/g, (match) => ACCENTS[match] ?? match);
}

/**
 * The default translator: deterministic and offline. Each text becomes `⟦fr⟧ ` and the text with
 * its letters accented, tags untouched, so a test knows exactly what a run writes, and a reader
 * sees at once what was translated and what was kept.
 */
export const pseudoTranslator: Translator = {
  name: 'pseudo',
  batchSize: 100,
  translate: ({ texts, to }) =>
    Promise.resolve(
      texts.map(
        (text) =>
          `⟦${to}⟧ ${text
            .split(/(<[^>]*>)/)
            .map((part, index) => (index % 2 === 1 ? part : accent(part)))
            .join('')}`,
      ),
    ),
};

/** What the pseudo translator makes of one text (tests compare with it). */
export async function pseudoTranslate(text: string, to: string): Promise<string> {
  const [translated] = await pseudoTranslator.translate({
    texts: [text],
    from: 'en',
    to: to as 'fr',
    instructions: '',
    signal: new AbortController().signal,
  });
  return translated ?? '';
}

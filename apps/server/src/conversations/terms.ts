import { deu, eng, fra, ita, jpn, kor, nld, por, spa, zho } from 'stopword';

/**
 * What support messages say around a question in every language: greetings, thanks and
 * sign-offs. They are no stop words of the lists but tell nothing about a topic.
 */
const CHATTER = [
  'hi',
  'hello',
  'hey',
  'thanks',
  'thank',
  'please',
  'regards',
  'cheers',
  'team',
  'support',
  'help',
  'anyone',
  'question',
  'issue',
  'problem',
  'bonjour',
  'merci',
  'salut',
  'cordialement',
  'hallo',
  'danke',
  'grüße',
  'gruss',
  'bitte',
  'hola',
  'gracias',
  'saludos',
  'ciao',
  'grazie',
  'olá',
  'obrigado',
  '你好',
  '谢谢',
  '您好',
  '请问',
  'こんにちは',
  'ありがとう',
  'よろしく',
  'お願い',
  'ください',
  // Function words and question words the Chinese and Japanese lists leave out.
  '可以',
  '上',
  '能',
  '吗',
  '怎么',
  '如何',
  '什么',
  '为什么',
  '怎样',
  'どう',
  'なぜ',
  'でき',
  'できる',
  'ます',
];

/** The stop words of the languages conversations arrive in, and the chatter, in one set. */
const STOP_WORDS: ReadonlySet<string> = new Set(
  [eng, fra, deu, spa, ita, por, nld, zho, jpn, kor, CHATTER]
    .flat()
    .map((word) => normalized(word)),
);

const wordSegmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
const sentenceSegmenter = new Intl.Segmenter(undefined, { granularity: 'sentence' });

const HAN = /\p{Script=Han}/u;
const SINGLE_CHARACTER = /^.$/u;
const LATIN_PLURAL = /^(\p{Script=Latin}{2,}[^isu])s$/u;
const DIGITS = /^[\p{N}._-]+$/u;

/** Lower case, accents kept, compatibility forms folded (full-width letters, ligatures). */
function normalized(word: string): string {
  return word.normalize('NFKC').toLowerCase();
}

/**
 * The terms of a text: its words as `Intl.Segmenter` finds them in any script (so Chinese and
 * Japanese, written without spaces, split into words too), in lower case, without stop words,
 * numbers, and single letters other than Han characters (which are words); a Latin plural `s`
 * is dropped so `widgets` and `widget` are one term (not after `i`, `s` or `u`: `analysis`,
 * `class`, `celsius`). Deterministic: no model, no download.
 */
export function termsOf(text: string): string[] {
  const terms: string[] = [];
  for (const segment of wordSegmenter.segment(text)) {
    if (segment.isWordLike !== true) continue;
    const word = normalized(segment.segment);
    if (STOP_WORDS.has(word) || DIGITS.test(word)) continue;
    if (SINGLE_CHARACTER.test(word) && !HAN.test(word)) continue;
    const term = word.replace(LATIN_PLURAL, '$1');
    if (!STOP_WORDS.has(term)) terms.push(term);
  }
  return terms;
}

/** How often each term occurs in `terms`. */
export function countTerms(terms: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

/** The sentences of a text, trimmed, empty ones left out. */
export function sentencesOf(text: string): string[] {
  return [...sentenceSegmenter.segment(text)]
    .map((sentence) => sentence.segment.trim())
    .filter((sentence) => sentence !== '');
}

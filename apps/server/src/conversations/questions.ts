import { fromHtml } from 'hast-util-from-html';
import { toText } from 'hast-util-to-text';
import { sentencesOf, termsOf } from './terms.js';

/** A message as stored: who wrote it and its body (markdown or HTML). */
export interface StoredPart {
  type: 'message';
  role: string;
  body: string;
}

/** The most questions one conversation gives (the rest are usually the same one again). */
export const MAX_QUESTIONS = 3;

/** Terms a question needs to be searched and clustered on its own; shorter ones get the subject. */
const MIN_TERMS = 2;

const HTML = /<\/?[a-z][^>]*>/i;

/** A message body as plain text: HTML rendered as a browser's `innerText`, markdown as is. */
export function bodyText(body: string): string {
  if (!HTML.test(body)) return body;
  return toText(fromHtml(body, { fragment: true }), { whitespace: 'normal' });
}

/** Words that open a question, in the languages conversations arrive in (lower case). */
const OPENERS = new Set([
  'how',
  'why',
  'what',
  'where',
  'when',
  'which',
  'who',
  'can',
  'could',
  'is',
  'are',
  'does',
  'do',
  'should',
  'will',
  'would',
  'comment',
  'pourquoi',
  'où',
  'quand',
  'quel',
  'quelle',
  'est-ce',
  'wie',
  'warum',
  'wo',
  'wann',
  'was',
  'welche',
  'kann',
  'gibt',
  'cómo',
  'como',
  'por',
  'dónde',
  'cuándo',
  'qué',
  'puedo',
  'hay',
]);

/** Endings of a question in Chinese and Japanese, where no opening word marks one. */
const CJK_QUESTION = /(吗|嗎|呢|か|かな|でしょうか|ますか|ですか)[。.!！]?$/u;

function isQuestion(sentence: string): boolean {
  if (/[?？]\s*$/u.test(sentence)) return true;
  if (CJK_QUESTION.test(sentence)) return true;
  const first = sentence.split(/\s+/u)[0]?.toLowerCase() ?? '';
  return OPENERS.has(first.replace(/[,.:;!]+$/u, ''));
}

/** The longest opening clause dropped from a question (`Hi team,`, `Bonjour à tous,`). */
const OPENING_WORDS = 4;

/**
 * A sentence without an opening clause that names nothing (a greeting: `Hi team, how do I…`),
 * so the question reads as asked. The clause ends at the first comma; it goes only when it has
 * a few words and no term.
 */
function withoutOpening(sentence: string): string {
  const comma = /[,，、]\s*/u.exec(sentence);
  if (comma === null) return sentence;
  const clause = sentence.slice(0, comma.index);
  const rest = sentence.slice(comma.index + comma[0].length);
  if (rest === '' || clause.split(/\s+/u).length > OPENING_WORDS || termsOf(clause).length > 0)
    return sentence;
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** A question of a conversation: its text (with the subject when it says too little alone). */
export interface Question {
  text: string;
  terms: string[];
}

/**
 * The customer's questions in a conversation: the sentences of the `user` messages that ask
 * something (a question mark, an opening question word, a Chinese or Japanese question ending)
 * and name at least two terms; only when none does, the shorter ones are read with the subject
 * ("Any idea?" under "Widgets vanish"). A conversation
 * whose customer asks nothing in that form (a problem report: "My widgets vanish after a
 * reboot.") gives its first message's most telling sentence. At most {@link MAX_QUESTIONS},
 * first asked first; the same question twice counts once.
 */
export function extractQuestions(subject: string | null, parts: readonly StoredPart[]): Question[] {
  const messages = parts
    .filter((part) => part.role === 'user')
    .map((part) => sentencesOf(bodyText(part.body)));
  const subjectTerms = subject === null ? [] : termsOf(subject);
  const withContext = (sentence: string): Question => {
    const terms = termsOf(sentence);
    const text = withoutOpening(sentence);
    if (terms.length >= MIN_TERMS || subject === null) return { text, terms };
    return { text: `${subject}: ${text}`, terms: [...subjectTerms, ...terms] };
  };
  const asked = messages.flat().filter((sentence) => isQuestion(sentence));
  const questions: Question[] = [];
  const seen = new Set<string>();
  const keep = (question: Question) => {
    const key = question.terms.join(' ');
    if (question.terms.length < MIN_TERMS || seen.has(key)) return;
    seen.add(key);
    questions.push(question);
  };
  // Questions that name their topic; else short ones read with the subject ("Any idea?").
  for (const sentence of asked) keep({ text: withoutOpening(sentence), terms: termsOf(sentence) });
  if (questions.length === 0) for (const sentence of asked) keep(withContext(sentence));
  if (questions.length > 0) return questions.slice(0, MAX_QUESTIONS);
  const first = messages.find((sentences) => sentences.length > 0) ?? [];
  const telling = first
    .map((sentence) => withContext(sentence))
    .filter((question) => question.terms.length >= MIN_TERMS)
    .sort((a, b) => b.terms.length - a.terms.length)[0];
  return telling === undefined ? [] : [telling];
}

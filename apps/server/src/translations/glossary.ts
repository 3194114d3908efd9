import { plainText, textBlocks, type DocumentNode } from './text-blocks.js';

/** A term and how it is written in the translation (itself: it must not change). */
export interface GlossaryEntry {
  term: string;
  translation: string;
}

/** One line of instructions: `term => translation`, or `term => term` for a term kept as is. */
const ENTRY = /^\s*(.+?)\s*(?:=>|→)\s*(.+?)\s*$/u;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Terms with a fixed translation, found in text as whole words (longest first). */
export class Glossary {
  readonly entries: readonly GlossaryEntry[];
  readonly #pattern: RegExp | undefined;
  readonly #byTerm: ReadonlyMap<string, string>;

  constructor(entries: readonly GlossaryEntry[]) {
    this.entries = [...entries].sort((a, b) => b.term.length - a.term.length);
    this.#byTerm = new Map(this.entries.map((entry) => [entry.term, entry.translation]));
    this.#pattern =
      this.entries.length === 0
        ? undefined
        : new RegExp(
            `(?<![\\p{L}\\p{N}_])(?:${this.entries.map((e) => escapeRegExp(e.term)).join('|')})(?![\\p{L}\\p{N}_])`,
            'gu',
          );
  }

  /** The text cut into plain parts and terms (with the translation each term takes). */
  split(text: string): { text: string; term?: string }[] {
    if (this.#pattern === undefined) return [{ text }];
    const parts: { text: string; term?: string }[] = [];
    let at = 0;
    for (const match of text.matchAll(this.#pattern)) {
      if (match.index > at) parts.push({ text: text.slice(at, match.index) });
      parts.push({ text: match[0], term: this.#byTerm.get(match[0]) ?? match[0] });
      at = match.index + match[0].length;
    }
    if (at < text.length || parts.length === 0) parts.push({ text: text.slice(at) });
    return parts;
  }
}

/** A translation's instructions, read: the glossary and the rest, for translators that take it. */
export interface ReadInstructions {
  glossary: Glossary;
  /** The instructions that are not glossary entries, one paragraph a line. */
  text: string;
}

/**
 * Reads a translation's instructions document: each paragraph or list item of the form
 * `term => translation` (or `→`) is a glossary entry (`term => term` keeps a term as it is); the
 * other text is free instructions, which translators that take them (an OpenAI-compatible model,
 * DeepL's context) get with every request.
 */
export function readInstructions(document: { nodes?: unknown } | undefined): ReadInstructions {
  const entries: GlossaryEntry[] = [];
  const lines: string[] = [];
  const nodes = (document?.nodes ?? []) as DocumentNode[];
  for (const block of textBlocks(nodes)) {
    const text = plainText(block).trim();
    if (text === '') continue;
    const entry = ENTRY.exec(text);
    if (entry?.[1] !== undefined && entry[2] !== undefined)
      entries.push({ term: entry[1], translation: entry[2] });
    else lines.push(text);
  }
  return { glossary: new Glossary(entries), text: lines.join('\n') };
}

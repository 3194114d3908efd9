import type { Language } from '@docsync/api';

/** What a translator is asked: texts in markup (see `toMarkup`), to translate as a batch. */
export interface TranslationRequest {
  texts: readonly string[];
  from: Language;
  to: Language;
  /** The translation's free instructions (its glossary is applied before and after). */
  instructions: string;
  signal: AbortSignal;
}

/** Translates texts; one answer per text, in order, tags kept. */
export interface Translator {
  /** For errors and logs: `pseudo`, `libretranslate`, `deepl`, `openai`. */
  readonly name: string;
  /** The most texts one request sends. */
  readonly batchSize: number;
  translate(request: TranslationRequest): Promise<string[]>;
}

/**
 * A translator failed. `retryable` says whether trying again may help (a 429, a 5xx, a timeout,
 * a dropped connection) or not (a refused key, an unsupported language, a bad answer).
 */
export class TranslatorError extends Error {
  override name = 'TranslatorError';
  readonly translator: string;
  readonly retryable: boolean;
  /** Seconds the service asked to wait (`Retry-After`). */
  readonly retryAfter: number | undefined;

  constructor(translator: string, message: string, retryable: boolean, retryAfter?: number) {
    super(`${translator}: ${message}`);
    this.translator = translator;
    this.retryable = retryable;
    this.retryAfter = retryAfter;
  }
}

/** Whether an HTTP status is worth a retry: rate limited, or the service's own failure. */
export function retryableStatus(status: number): boolean {
  return status === 429 || status === 408 || status >= 500;
}

/** Checks a translator answered one string per text. */
export function requireAnswers(translator: string, answers: unknown, count: number): string[] {
  if (
    !Array.isArray(answers) ||
    answers.length !== count ||
    !answers.every((answer) => typeof answer === 'string')
  )
    throw new TranslatorError(
      translator,
      `expected ${String(count)} translated texts, got ${answers === undefined ? 'nothing' : JSON.stringify(answers).slice(0, 200)}`,
      false,
    );
  return answers;
}

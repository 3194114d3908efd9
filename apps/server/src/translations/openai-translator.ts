import OpenAI, { APIError } from 'openai';
import { requireAnswers, retryableStatus, TranslatorError, type Translator } from './translator.js';

/** An OpenAI-compatible chat endpoint: its base URL, key and model. */
export interface OpenAISettings {
  apiKey: string;
  /** Default: OpenAI's. Any OpenAI-compatible server (vLLM, Ollama, a gateway). */
  baseURL?: string | undefined;
  model: string;
}

/** What the model is told, once per request. */
function systemPrompt(from: string, to: string, instructions: string): string {
  return [
    `You translate documentation from the language \`${from}\` into \`${to}\`.`,
    'The user sends a JSON array of texts. Answer with a JSON object {"translations": [...]}',
    'holding one translated string per text, in the same order, and nothing else.',
    'Texts contain tags such as <m0>…</m0>, <l1>…</l1> and <x2/>: keep every tag exactly once,',
    'translate only the text between them, and keep entities such as &amp; as they are.',
    ...(instructions === ''
      ? []
      : ['Further instructions from the documentation team:', instructions]),
  ].join('\n');
}

/** The translations from the model's answer: the JSON object, possibly inside a code fence. */
function answersOf(content: string, count: number): string[] {
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  let parsed: unknown;
  try {
    parsed = start < 0 ? undefined : JSON.parse(content.slice(start, end + 1));
  } catch {
    parsed = undefined;
  }
  return requireAnswers(
    'openai',
    (parsed as { translations?: unknown } | undefined)?.translations,
    count,
  );
}

/**
 * Any OpenAI-compatible chat completions endpoint, through the official `openai` client: it
 * speaks the wire format of every such server (auth, errors with their status, `Retry-After`),
 * which plain fetch would re-implement. Its own retries are off: the server's translator limits
 * retry (see `reliable-translator.ts`).
 */
export function openAITranslator(settings: OpenAISettings): Translator {
  const client = new OpenAI({
    apiKey: settings.apiKey,
    ...(settings.baseURL === undefined ? {} : { baseURL: settings.baseURL }),
    maxRetries: 0,
  });
  return {
    name: 'openai',
    batchSize: 20,
    async translate({ texts, from, to, instructions, signal }) {
      try {
        const completion = await client.chat.completions.create(
          {
            model: settings.model,
            temperature: 0,
            messages: [
              { role: 'system', content: systemPrompt(from, to, instructions) },
              { role: 'user', content: JSON.stringify(texts) },
            ],
          },
          { signal },
        );
        return answersOf(completion.choices[0]?.message.content ?? '', texts.length);
      } catch (error) {
        if (signal.aborted || error instanceof TranslatorError) throw error;
        if (error instanceof APIError && typeof error.status === 'number') {
          const status: number = error.status;
          // The client types its headers with the DOM's `Headers`, which this build does not load.
          const headers = error.headers as { get(name: string): string | null } | undefined;
          const retryAfter = Number(headers?.get('retry-after') ?? Number.NaN);
          throw new TranslatorError(
            'openai',
            `HTTP ${String(status)}: ${error.message}`,
            retryableStatus(status),
            Number.isFinite(retryAfter) ? retryAfter : undefined,
          );
        }
        throw new TranslatorError(
          'openai',
          error instanceof Error ? error.message : String(error),
          true,
        );
      }
    },
  };
}

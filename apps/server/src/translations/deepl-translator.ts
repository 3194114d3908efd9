import * as deepl from 'deepl-node';
import { requireAnswers, retryableStatus, TranslatorError, type Translator } from './translator.js';

/** A DeepL key, and the server to use instead of DeepL's (a proxy, or a stand-in in tests). */
export interface DeepLSettings {
  authKey: string;
  serverUrl?: string | undefined;
}

/** DeepL's code for a target language: English and Portuguese need a variety. */
function targetLanguage(language: string): deepl.TargetLanguageCode {
  if (language === 'en') return 'en-US';
  if (language === 'pt') return 'pt-PT';
  if (language === 'pt-br') return 'pt-BR';
  return language as deepl.TargetLanguageCode;
}

/** DeepL's code for a source language: a language without its variety. */
function sourceLanguage(language: string): deepl.SourceLanguageCode {
  return language.split('-')[0] as deepl.SourceLanguageCode;
}

/** The {@link TranslatorError} for an error of deepl-node: retryable when worth another try. */
function translatorError(error: unknown): TranslatorError {
  if (error instanceof TranslatorError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof deepl.TooManyRequestsError)
    return new TranslatorError('deepl', `rate limited: ${message}`, true);
  if (error instanceof deepl.ConnectionError)
    return new TranslatorError('deepl', `connection: ${message}`, true);
  if (error instanceof deepl.DeepLError) {
    // deepl-node names the status in its message: `Unexpected status code: 502 …`; 503 is
    // `Service unavailable`; 400, 403 (the key), 404 and 456 (the quota) are not worth a retry.
    const status = /status code: (\d{3})/.exec(message)?.[1];
    const retryable =
      message.startsWith('Service unavailable') ||
      (status !== undefined && retryableStatus(Number(status)));
    return new TranslatorError('deepl', message, retryable);
  }
  return new TranslatorError('deepl', message, true);
}

/**
 * DeepL through its official client, `deepl-node`, with `tagHandling: xml` so the markup's tags
 * stay in place, and the translation's free instructions as `context`. The client's own retries
 * are off: the server's translator limits retry (see `reliable-translator.ts`).
 */
export function deeplTranslator(settings: DeepLSettings): Translator {
  const client = new deepl.Translator(settings.authKey, {
    ...(settings.serverUrl === undefined ? {} : { serverUrl: settings.serverUrl }),
    maxRetries: 0,
  });
  return {
    name: 'deepl',
    batchSize: 50,
    async translate({ texts, from, to, instructions, signal }) {
      signal.throwIfAborted();
      // deepl-node takes no abort signal: an aborted run stops waiting for it.
      const aborted = new Promise<never>((_, reject) => {
        signal.addEventListener(
          'abort',
          () => {
            reject(signal.reason as Error);
          },
          { once: true },
        );
      });
      try {
        const results = await Promise.race([
          client.translateText([...texts], sourceLanguage(from), targetLanguage(to), {
            tagHandling: 'xml',
            ...(instructions === '' ? {} : { context: instructions }),
          }),
          aborted,
        ]);
        return requireAnswers(
          'deepl',
          results.map((result) => result.text),
          texts.length,
        );
      } catch (error) {
        if (signal.aborted) throw error;
        throw translatorError(error);
      }
    },
  };
}

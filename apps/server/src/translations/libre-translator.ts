import { requireAnswers, retryableStatus, TranslatorError, type Translator } from './translator.js';

/** Where a LibreTranslate server is, and its key if it wants one. */
export interface LibreTranslateSettings {
  url: string;
  apiKey?: string | undefined;
  fetch?: typeof globalThis.fetch;
}

/** LibreTranslate's code for a language: its own list has `pt-BR`, `zh-Hans`… */
function libreLanguage(language: string): string {
  if (language === 'pt-br') return 'pt-BR';
  if (language === 'zh') return 'zh-Hans';
  return language;
}

/** Seconds from a `Retry-After` header given in seconds; undefined otherwise. */
export function retryAfterSeconds(header: string | null): number | undefined {
  if (header === null) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

/**
 * LibreTranslate over HTTP (`POST /translate` with the texts as `q` and `format: html`, so the
 * markup's tags come back in place). No client library: its API is one JSON request.
 */
export function libreTranslator(settings: LibreTranslateSettings): Translator {
  const fetch = settings.fetch ?? globalThis.fetch;
  const endpoint = new URL(
    'translate',
    settings.url.endsWith('/') ? settings.url : `${settings.url}/`,
  );
  return {
    name: 'libretranslate',
    batchSize: 50,
    async translate({ texts, from, to, signal }) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          q: texts,
          source: libreLanguage(from),
          target: libreLanguage(to),
          format: 'html',
          ...(settings.apiKey === undefined ? {} : { api_key: settings.apiKey }),
        }),
        signal,
      });
      const text = await response.text();
      if (!response.ok) {
        let message = text.slice(0, 200);
        try {
          message = (JSON.parse(text) as { error?: string }).error ?? message;
        } catch {
          // Not JSON: the text says it.
        }
        throw new TranslatorError(
          'libretranslate',
          `HTTP ${String(response.status)}: ${message}`,
          retryableStatus(response.status),
          retryAfterSeconds(response.headers.get('retry-after')),
        );
      }
      let body: { translatedText?: unknown };
      try {
        body = JSON.parse(text) as { translatedText?: unknown };
      } catch {
        throw new TranslatorError('libretranslate', 'the answer is not JSON', false);
      }
      return requireAnswers('libretranslate', body.translatedText, texts.length);
    },
  };
}

import { deeplTranslator } from './deepl-translator.js';
import { libreTranslator } from './libre-translator.js';
import { openAITranslator } from './openai-translator.js';
import { pseudoTranslator } from './pseudo-translator.js';
import { reliableTranslator, type TranslatorLimits } from './reliable-translator.js';
import type { Translator } from './translator.js';

/** A setting of the translator that is missing or wrong. */
export class TranslatorSettingsError extends Error {
  override name = 'TranslatorSettingsError';
}

type Environment = Readonly<Record<string, string | undefined>>;

function setting(env: Environment, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function required(env: Environment, name: string, translator: string): string {
  const value = setting(env, name);
  if (value === undefined)
    throw new TranslatorSettingsError(`DOCSYNC_TRANSLATOR=${translator} needs ${name}`);
  return value;
}

function count(env: Environment, name: string, minimum: number): number | undefined {
  const value = setting(env, name);
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < minimum)
    throw new TranslatorSettingsError(
      `${name} must be a whole number of at least ${String(minimum)}, not \`${value}\``,
    );
  return number;
}

function httpUrl(env: Environment, name: string, value: string): string {
  let protocol: string | undefined;
  try {
    protocol = new URL(value).protocol;
  } catch {
    protocol = undefined;
  }
  if (protocol !== 'http:' && protocol !== 'https:')
    throw new TranslatorSettingsError(`${name} must be an http(s) URL, not \`${value}\``);
  return value;
}

/**
 * The translator the environment names, with its credentials, behind the limits the
 * environment sets. Throws a
 * {@link TranslatorSettingsError} for a missing credential or a bad value, so the server does not
 * start with a translator that cannot work. The variables are listed in apps/server/README.md.
 */
export function translatorFromEnvironment(env: Environment): Translator {
  const kind = setting(env, 'DOCSYNC_TRANSLATOR') ?? 'pseudo';
  const limits: TranslatorLimits = {};
  const timeoutMs = count(env, 'DOCSYNC_TRANSLATOR_TIMEOUT_MS', 1);
  const retries = count(env, 'DOCSYNC_TRANSLATOR_RETRIES', 0);
  const concurrency = count(env, 'DOCSYNC_TRANSLATOR_CONCURRENCY', 1);
  const perSecond = count(env, 'DOCSYNC_TRANSLATOR_REQUESTS_PER_SECOND', 1);
  if (timeoutMs !== undefined) limits.timeoutMs = timeoutMs;
  if (retries !== undefined) limits.retries = retries;
  if (concurrency !== undefined) limits.concurrency = concurrency;
  if (perSecond !== undefined) limits.requestsPerInterval = perSecond;
  switch (kind) {
    case 'pseudo':
      return pseudoTranslator;
    case 'libretranslate': {
      const url = required(env, 'DOCSYNC_LIBRETRANSLATE_URL', kind);
      return reliableTranslator(
        libreTranslator({
          url: httpUrl(env, 'DOCSYNC_LIBRETRANSLATE_URL', url),
          apiKey: setting(env, 'DOCSYNC_LIBRETRANSLATE_API_KEY'),
        }),
        limits,
      );
    }
    case 'deepl': {
      const serverUrl = setting(env, 'DOCSYNC_DEEPL_SERVER_URL');
      return reliableTranslator(
        deeplTranslator({
          authKey: required(env, 'DEEPL_AUTH_KEY', kind),
          serverUrl:
            serverUrl === undefined
              ? undefined
              : httpUrl(env, 'DOCSYNC_DEEPL_SERVER_URL', serverUrl),
        }),
        limits,
      );
    }
    case 'openai': {
      const baseURL = setting(env, 'OPENAI_BASE_URL');
      return reliableTranslator(
        openAITranslator({
          apiKey: required(env, 'OPENAI_API_KEY', kind),
          baseURL: baseURL === undefined ? undefined : httpUrl(env, 'OPENAI_BASE_URL', baseURL),
          model: setting(env, 'DOCSYNC_OPENAI_MODEL') ?? 'gpt-4o-mini',
        }),
        limits,
      );
    }
    default:
      throw new TranslatorSettingsError(
        `DOCSYNC_TRANSLATOR \`${kind}\` is not a translator: pseudo, libretranslate, deepl or openai`,
      );
  }
}

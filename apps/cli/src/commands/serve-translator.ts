import type { ServerDeps } from '@docsync/server';
import { UsageError } from '../cli-error.js';
import type { CliIo } from '../cli-io.js';

/** What `docsync serve --help` says of the translator's settings. */
export const TRANSLATOR_HELP = `
Translations (what runs translate with), chosen by the environment:
  DOCSYNC_TRANSLATOR             pseudo (default: offline, marks text as translated),
                                 libretranslate, deepl or openai
  DOCSYNC_LIBRETRANSLATE_URL     the LibreTranslate server; DOCSYNC_LIBRETRANSLATE_API_KEY its key
  DEEPL_AUTH_KEY                 the DeepL key; DOCSYNC_DEEPL_SERVER_URL another DeepL server
  OPENAI_API_KEY                 the key of an OpenAI-compatible endpoint; OPENAI_BASE_URL
                                 another endpoint; DOCSYNC_OPENAI_MODEL the model (gpt-4o-mini)
  DOCSYNC_TRANSLATOR_TIMEOUT_MS, DOCSYNC_TRANSLATOR_RETRIES, DOCSYNC_TRANSLATOR_CONCURRENCY,
  DOCSYNC_TRANSLATOR_REQUESTS_PER_SECOND
                                 limits of calling the service (30000, 3, 2, 10)
`;

/** `createServer`'s translator from the environment; a usage error for a bad setting. */
export async function readTranslator(io: CliIo): Promise<Pick<ServerDeps, 'translator'>> {
  const { translatorFromEnvironment, TranslatorSettingsError } = await import('@docsync/server');
  try {
    return { translator: translatorFromEnvironment(io.env) };
  } catch (error) {
    if (error instanceof TranslatorSettingsError) throw new UsageError(error.message);
    throw error;
  }
}

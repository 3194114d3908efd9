/**
 * The HTTP translators against loopback stand-ins of their services (which cannot be reached
 * from tests), each driven by its real client where one exists: LibreTranslate through a whole
 * run of a real server (a 429, a timeout, a refused key, a service that never answers), DeepL
 * through `deepl-node`, an OpenAI-compatible endpoint through `openai`.
 */
import type { Space, Translation } from '@docsync/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitOid, sendTree, textBlob } from '../testing/send-tree.js';
import { testDialects, type TestServer } from '../testing/start-test-server.js';
import {
  LoopbackTranslationService,
  shout,
  type SeenRequest,
} from '../testing/translation-services.js';
import type { RunWatcher } from '../testing/translation-test-kit.js';
import { pageMarkdown, startTranslationServer } from '../testing/translation-test-kit.js';
import { deeplTranslator } from './deepl-translator.js';
import { libreTranslator } from './libre-translator.js';
import { openAITranslator } from './openai-translator.js';
import { reliableTranslator } from './reliable-translator.js';
import type { TranslationRequest } from './translator.js';
import { translatorFromEnvironment, TranslatorSettingsError } from './translator-settings.js';

/** Limits that keep the tests short: a 300 ms timeout, 10 ms between retries. */
const fast = { timeoutMs: 300, retries: 3, retryDelayMs: 10 };

const request = (texts: string[], instructions = ''): TranslationRequest => ({
  texts,
  from: 'en',
  to: 'fr',
  instructions,
  signal: new AbortController().signal,
});

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`translation runs with LibreTranslate over HTTP (${dialect})`, () => {
    const libre = new LoopbackTranslationService(({ body }) => ({
      translatedText: (body['q'] as string[]).map(shout),
    }));
    let runs: RunWatcher;
    let server: TestServer;
    let source: Space;
    let translation: Translation;

    beforeAll(async () => {
      await libre.start();
      ({ server, runs } = await startTranslationServer(
        dialect,
        reliableTranslator(libreTranslator({ url: libre.url, apiKey: 'k' }), fast),
      ));
      source = (await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`))
        .body as Space;
      const sent = await sendTree(
        server.http,
        source.id,
        [
          textBlob('README.md', '# Home\n\nWelcome to the docs.\n\nRun `make` & wait.\n'),
          textBlob('SUMMARY.md', '# Table of contents\n\n* [Home](README.md)\n'),
        ],
        { oid: commitOid(1), message: 'docs' },
      );
      expect(sent.status).toBe(204);
    });
    afterAll(async () => {
      await server.close();
      await libre.close();
    });

    const read = async () =>
      (await server.http.get(`/v1/orgs/${server.organizationId}/translations/${translation.id}`))
        .body as Translation;

    it('translates through a 429 and a timeout: each is retried, and the run completes', async () => {
      libre.script = [
        { kind: 'fail', status: 429, body: { error: 'Slowdown' }, headers: { 'retry-after': '0' } },
        { kind: 'hang' },
      ];
      const { result } = await runs.after(() =>
        server.http.request('POST', `/v1/orgs/${server.organizationId}/translations`, {
          body: { language: 'fr', source: { space: source.id } },
        }),
      );
      translation = result.body as Translation;
      const done = await read();
      expect(done).toMatchObject({ status: 'completed', stats: { runs: 1 } });
      expect(done).not.toHaveProperty('lastError');
      expect(libre.seen).toHaveLength(3);
      for (const seen of libre.seen)
        expect(seen).toMatchObject({
          path: '/translate',
          body: {
            q: ['Welcome to the docs.', 'Run <x0/> &amp; wait.'],
            source: 'en',
            target: 'fr',
            format: 'html',
            api_key: 'k',
          },
        });
      const text = await pageMarkdown(
        server,
        done.result?.space ?? '',
        (
          (await server.http.get(`/v1/spaces/${done.result?.space ?? ''}/content/pages`)).body as {
            pages: { id: string }[];
          }
        ).pages[0]?.id ?? '',
      );
      expect(text).toContain('WELCOME TO THE DOCS.');
      expect(text).toContain('RUN `make` & WAIT.');
    });

    it('fails a run with the service’s error and no retry when the key is refused, keeping the translated space', async () => {
      libre.reset();
      await sendTree(
        server.http,
        source.id,
        [
          textBlob('README.md', '# Home\n\nHello.\n'),
          textBlob('SUMMARY.md', '# Table of contents\n\n* [Home](README.md)\n'),
        ],
        { oid: commitOid(2), message: 'hello' },
      );
      libre.script = [{ kind: 'fail', status: 403, body: { error: 'Invalid API key' } }];
      const path = `/v1/orgs/${server.organizationId}/translations/${translation.id}/run`;
      await runs.after(() => server.http.request('POST', path));
      const failed = await read();
      expect(failed).toMatchObject({
        status: 'completed',
        lastError: {
          code: 'translator-failed',
          message: 'libretranslate: HTTP 403: Invalid API key',
        },
        stats: { runs: 1 },
      });
      expect(failed.result).toEqual((await read()).result);
      expect(libre.seen).toHaveLength(1);

      // A service that never answers: the first try and three retries time out.
      libre.reset();
      libre.script = Array.from({ length: 4 }, () => ({ kind: 'hang' as const }));
      await runs.after(() => server.http.request('POST', path));
      expect((await read()).lastError?.message).toBe('libretranslate: no answer within 300 ms');
      expect(libre.seen).toHaveLength(4);

      // Back again: the next run completes and clears the error.
      libre.reset();
      await runs.after(() => server.http.request('POST', path));
      const fixed = await read();
      expect(fixed).not.toHaveProperty('lastError');
      expect(fixed.stats.runs).toBe(2);
      expect(libre.seen.map((seen) => seen.body['q'])).toEqual([['Hello.']]);
    });
  });
}

describe('DeepL through deepl-node, against a loopback stand-in', () => {
  const deepl = new LoopbackTranslationService(({ body }) => ({
    translations: ([] as string[]).concat(body['text'] as string[]).map((text) => ({
      detected_source_language: 'EN',
      text: shout(text),
    })),
  }));
  beforeAll(() => deepl.start());
  afterAll(() => deepl.close());

  const translator = () =>
    reliableTranslator(deeplTranslator({ authKey: 'key:fx', serverUrl: deepl.url }), fast);

  it('sends the texts with XML tag handling and the instructions as context, through a 429', async () => {
    deepl.reset();
    deepl.script = [{ kind: 'fail', status: 429, body: { message: 'Too many requests' } }];
    const answers = await translator().translate(
      request(['Run <x0/> now.', 'Read <l1>this</l1>.'], 'Documentation for developers.'),
    );
    expect(answers).toEqual(['RUN <x0/> NOW.', 'READ <l1>THIS</l1>.']);
    expect(deepl.seen).toHaveLength(2);
    const seen = deepl.seen[1] as SeenRequest;
    expect(seen.path).toBe('/v2/translate');
    expect(seen.headers.authorization).toBe('DeepL-Auth-Key key:fx');
    expect(seen.body).toMatchObject({
      text: ['Run <x0/> now.', 'Read <l1>this</l1>.'],
      source_lang: 'en',
      target_lang: 'fr',
      tag_handling: 'xml',
      context: 'Documentation for developers.',
    });
  });

  it('fails without a retry when the quota is exceeded', async () => {
    deepl.reset();
    deepl.script = [{ kind: 'fail', status: 456, body: { message: 'Quota exceeded' } }];
    await expect(translator().translate(request(['Hello.']))).rejects.toThrow(
      /^deepl: Quota for this billing period has been exceeded/,
    );
    expect(deepl.seen).toHaveLength(1);
  });
});

describe('an OpenAI-compatible endpoint through openai, against a loopback stand-in', () => {
  const chat = new LoopbackTranslationService(({ body }) => {
    const messages = body['messages'] as { content: string }[];
    const texts = JSON.parse(messages[1]?.content ?? '[]') as string[];
    return {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 0,
      model: body['model'],
      choices: [
        {
          index: 0,
          finish_reason: 'stop',
          message: {
            role: 'assistant',
            content: JSON.stringify({
              // A model that loses a text: one it was told to drop.
              translations: texts.filter((text) => text !== 'drop me').map(shout),
            }),
          },
        },
      ],
    };
  });
  beforeAll(() => chat.start());
  afterAll(() => chat.close());

  const translator = () =>
    reliableTranslator(
      openAITranslator({ apiKey: 'sk-test', baseURL: `${chat.url}/v1`, model: 'tiny' }),
      fast,
    );

  it('asks the model for the texts as JSON with the tag rules and instructions, through a 429 and a timeout', async () => {
    chat.reset();
    chat.script = [
      {
        kind: 'fail',
        status: 429,
        body: { error: { message: 'Rate limit' } },
        headers: { 'retry-after': '0' },
      },
      { kind: 'hang' },
    ];
    const answers = await translator().translate(
      request(['Run <x0/> now.'], 'Use the formal register.'),
    );
    expect(answers).toEqual(['RUN <x0/> NOW.']);
    expect(chat.seen).toHaveLength(3);
    const seen = chat.seen[2] as SeenRequest;
    expect(seen.path).toBe('/v1/chat/completions');
    expect(seen.headers.authorization).toBe('Bearer sk-test');
    expect(seen.body).toMatchObject({ model: 'tiny', temperature: 0 });
    const system = (seen.body['messages'] as { content: string }[])[0]?.content ?? '';
    expect(system).toContain('keep every tag exactly once');
    expect(system).toContain('Use the formal register.');
  });

  it('fails without a retry on a refused key, and on an answer that is not one text per text', async () => {
    chat.reset();
    chat.script = [{ kind: 'fail', status: 401, body: { error: { message: 'Bad key' } } }];
    await expect(translator().translate(request(['Hello.']))).rejects.toThrow(/^openai: HTTP 401/);
    expect(chat.seen).toHaveLength(1);
    chat.reset();
    await expect(translator().translate(request(['keep me', 'drop me']))).rejects.toThrow(
      'openai: expected 2 translated texts, got ["KEEP ME"]',
    );
    expect(chat.seen).toHaveLength(1);
  });
});

describe('translatorFromEnvironment', () => {
  it('makes the pseudo translator by default and each HTTP translator from its settings', () => {
    expect(translatorFromEnvironment({}).name).toBe('pseudo');
    expect(
      translatorFromEnvironment({
        DOCSYNC_TRANSLATOR: 'libretranslate',
        DOCSYNC_LIBRETRANSLATE_URL: 'http://127.0.0.1:5000',
      }).name,
    ).toBe('libretranslate');
    expect(
      translatorFromEnvironment({ DOCSYNC_TRANSLATOR: 'deepl', DEEPL_AUTH_KEY: 'k' }).name,
    ).toBe('deepl');
    expect(
      translatorFromEnvironment({ DOCSYNC_TRANSLATOR: 'openai', OPENAI_API_KEY: 'sk' }).name,
    ).toBe('openai');
  });

  it('refuses a missing credential, an unknown translator and bad limits', () => {
    for (const [env, message] of [
      [{ DOCSYNC_TRANSLATOR: 'deepl' }, 'needs DEEPL_AUTH_KEY'],
      [{ DOCSYNC_TRANSLATOR: 'libretranslate' }, 'needs DOCSYNC_LIBRETRANSLATE_URL'],
      [{ DOCSYNC_TRANSLATOR: 'openai' }, 'needs OPENAI_API_KEY'],
      [{ DOCSYNC_TRANSLATOR: 'babelfish' }, 'is not a translator'],
      [
        { DOCSYNC_TRANSLATOR: 'libretranslate', DOCSYNC_LIBRETRANSLATE_URL: 'ftp://x' },
        'must be an http(s) URL',
      ],
      [{ DOCSYNC_TRANSLATOR_TIMEOUT_MS: 'soon' }, 'must be a whole number'],
    ] as const) {
      expect(() => translatorFromEnvironment(env)).toThrow(TranslatorSettingsError);
      expect(() => translatorFromEnvironment(env)).toThrow(message);
    }
  });
});

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireJsonDepth } from '../content/nesting-limits.js';
import { BadRequestError } from '../errors.js';

/**
 * Replaces Fastify's JSON body parser with one that accepts an empty body: clients send
 * bodyless POSTs (merge, restore, duplicate) with or without `Content-Type: application/json`,
 * and both must reach the handler with no body rather than fail. Malformed JSON is a 400 that
 * says where parsing stopped, and so is a body nesting arrays and objects past
 * `NESTING_LIMITS.json` (the contract's checks recurse); prototype-poisoning keys are refused as Fastify does by default.
 */
export function useJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (
      request: FastifyRequest,
      body: string | Buffer,
      done: (error: Error | null, value?: unknown) => void,
    ) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      void parseJson(request, text, (error: Error | null, value?: unknown) => {
        if (error === null) {
          try {
            requireJsonDepth(value, 'body');
          } catch (tooDeep) {
            done(tooDeep as Error);
            return;
          }
          const at = text.includes('\\u0000') ? nulCharacterAt(value, 'body') : undefined;
          if (at === undefined) done(null, value);
          else done(new BadRequestError(`${at} must not contain a NUL character (\\u0000)`));
          return;
        }
        done(new BadRequestError(`body is not valid JSON: ${error.message}`, { cause: error }));
      });
    },
  );
}

/**
 * Where a parsed JSON value holds a NUL character, if anywhere. No text the API stores may hold
 * one (PostgreSQL refuses it), so it is a 400 here rather than a database error later.
 */
function nulCharacterAt(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return path;
    const found = nulCharacterAt(item, `${path}/${key}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

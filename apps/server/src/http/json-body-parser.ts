import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BadRequestError } from '../errors.js';

/**
 * Replaces Fastify's JSON body parser with one that accepts an empty body: clients send
 * bodyless POSTs (merge, restore, duplicate) with or without `Content-Type: application/json`,
 * and both must reach the handler with no body rather than fail. Malformed JSON is a 400 that
 * says where parsing stopped; prototype-poisoning keys are refused as Fastify does by default.
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
          done(null, value);
          return;
        }
        done(new BadRequestError(`body is not valid JSON: ${error.message}`, { cause: error }));
      });
    },
  );
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../server-context.js';
import { BadRequestError } from '../errors.js';
import { fastifyPath, type ImplementOptions } from './implement.js';

/** One request to a browser route, as its handler sees it. */
export interface BrowserRouteCall {
  readonly params: Readonly<Record<string, string>>;
  /** A POSTed HTML form's fields (the last value of a repeated one); empty for a GET. */
  readonly form: Readonly<Record<string, string>>;
  readonly ctx: ServerContext;
  /** The service's public base URL. */
  readonly baseUrl: string;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

/**
 * A route a browser (or an identity provider) reaches without a token, outside the contract:
 * the service side of SAML. A POST takes an HTML form (`application/x-www-form-urlencoded`);
 * the handler sends the reply itself.
 */
export interface BrowserRoute {
  readonly method: 'GET' | 'POST';
  /** With `{param}` placeholders. */
  readonly path: string;
  /** One line for docs/api.md. */
  readonly summary: string;
  readonly handler: (call: BrowserRouteCall) => Promise<void>;
}

/**
 * Registers browser routes in a scope of their own, the only one that parses HTML forms, so
 * the API's operations still take JSON alone.
 */
export function registerBrowserRoutes(
  app: FastifyInstance,
  routes: readonly BrowserRoute[],
  options: ImplementOptions,
): void {
  void app.register((scope, _options, done) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    for (const route of routes)
      scope.route({
        method: route.method,
        url: fastifyPath(route.path),
        handler: async (request, reply) => {
          const body: unknown = request.body;
          if (route.method === 'POST' && (typeof body !== 'object' || body === null))
            throw new BadRequestError(
              'The request must be an HTML form (application/x-www-form-urlencoded)',
            );
          await route.handler({
            params: request.params as Record<string, string>,
            form: (body ?? {}) as Record<string, string>,
            ctx: options.ctx,
            baseUrl: options.publicUrl ?? `${request.protocol}://${request.host}`,
            request,
            reply,
          });
          return reply;
        },
      });
    done();
  });
}

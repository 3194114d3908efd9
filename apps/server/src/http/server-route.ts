import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../auth/api-tokens.js';
import { authenticate } from '../auth/authenticate.js';
import { ForbiddenError } from '../errors.js';
import type { ServerContext } from '../server-context.js';
import { fastifyPath, type ImplementOptions } from './implement.js';

/** One request to a docsync route, as its handler sees it. */
export interface ServerRouteCall {
  readonly params: Readonly<Record<string, string>>;
  readonly caller: Caller;
  readonly ctx: ServerContext;
  /** The service's public base URL. */
  readonly baseUrl: string;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

/**
 * A route of docsync's own, outside the contract (so outside the OpenAPI document): for what is
 * not JSON, such as file bytes. Like every operation it needs a bearer token; the handler sends
 * the reply itself.
 */
export interface ServerRoute {
  readonly method: 'GET';
  /** With `{param}` placeholders, as in the contract. */
  readonly path: string;
  /** One line for docs/api.md. */
  readonly summary: string;
  readonly handler: (call: ServerRouteCall) => Promise<void>;
}

/** Registers a docsync route; 401 without a known token, before anything else runs. */
export function registerServerRoute(
  app: FastifyInstance,
  route: ServerRoute,
  options: ImplementOptions,
): void {
  const { ctx } = options;
  app.route({
    method: route.method,
    url: fastifyPath(route.path),
    handler: async (request, reply) => {
      const caller = await authenticate(ctx.reads, request.headers.authorization, ctx.clock.now());
      // No scope names docsync's own routes: integration tokens reach only the contract's.
      if (caller.integration !== undefined)
        throw new ForbiddenError('An integration token cannot call this route');
      await route.handler({
        params: request.params as Record<string, string>,
        caller,
        ctx,
        baseUrl: options.publicUrl ?? `${request.protocol}://${request.host}`,
        request,
        reply,
      });
      return reply;
    },
  });
}

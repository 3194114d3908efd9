import { routesById, type RouteSpec } from '@docsync/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import type { Caller } from '../auth/api-tokens.js';
import { authenticate, requireScope } from '../auth/authenticate.js';
import { UnauthorizedError } from '../errors.js';
import type { ServerContext } from '../server-context.js';
import type { Operation } from './operation.js';

/** Converts the contract's `{param}` placeholders to Fastify's `:param`. */
export function fastifyPath(path: string): string {
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
}

/** The 2xx statuses of an operation, lowest first. */
function successStatuses(spec: RouteSpec): number[] {
  return Object.keys(spec.responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 300)
    .sort((a, b) => a - b);
}

/**
 * The status an operation answers on success: the first 2xx in its responses. An operation with
 * more than one (an idempotent record: 200 for what was there, 201 for a new one) picks another
 * by setting it on the reply (`reply.status(201)`).
 */
export function successStatus(spec: RouteSpec): number {
  const status = successStatuses(spec)[0];
  if (status === undefined)
    throw new Error(`operation \`${spec.operationId}\` has no 2xx response`);
  return status;
}

const sameSchema = (a: TSchema | null | undefined, b: TSchema | null | undefined): boolean =>
  a === b || JSON.stringify(a) === JSON.stringify(b);

/** Throws when a handler was written against other schemas than the contract's. */
function assertMatchesContract(operation: Operation, spec: RouteSpec, status: number): void {
  const { schemas } = operation;
  const fail = (what: string) => {
    throw new Error(`handler of \`${spec.operationId}\`: its ${what} differs from the contract`);
  };
  const pathParams = [...spec.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]).sort();
  if (JSON.stringify([...(schemas.params ?? [])].sort()) !== JSON.stringify(pathParams))
    fail('path parameters');
  if (!sameSchema(schemas.query, spec.query)) fail('query schema');
  if (!sameSchema(schemas.body, spec.body)) fail('body schema');
  if (!sameSchema(schemas.response, spec.responses[status])) fail(`${status} response schema`);
  if ((operation.anonymous === true) !== (spec.anonymous === true)) fail('need of a token');
}

const callers = new WeakMap<FastifyRequest, Caller>();

/** What {@link implement} needs besides the operation. */
export interface ImplementOptions {
  ctx: ServerContext;
  /** Fixed public base URL; when absent it is taken from each request's protocol and Host. */
  publicUrl?: string | undefined;
}

/**
 * Registers a contract operation: method, path and the params, query, body and success-response
 * schemas come from the route table (`{param}` becomes `:param`). The token is checked before the
 * body is read, so a caller without one gets 401 rather than a validation error.
 */
export function implement(
  app: FastifyInstance,
  operation: Operation,
  options: ImplementOptions,
): void {
  const spec = routesById.get(operation.operationId);
  if (spec === undefined)
    throw new Error(`no operation \`${operation.operationId}\` in the contract`);
  const status = successStatus(spec);
  assertMatchesContract(operation, spec, status);
  const responseSchema = spec.responses[status] ?? null;
  const others = successStatuses(spec).filter((other) => other !== status);
  for (const other of others)
    if (!sameSchema(spec.responses[other], responseSchema))
      throw new Error(`operation \`${spec.operationId}\`: its 2xx responses differ in schema`);
  const { ctx } = options;
  app.route({
    method: spec.method,
    url: fastifyPath(spec.path),
    schema: {
      ...(spec.params === undefined ? {} : { params: spec.params }),
      ...(spec.query === undefined ? {} : { querystring: spec.query }),
      ...(spec.body === undefined ? {} : { body: spec.body }),
      ...(responseSchema === null
        ? {}
        : {
            response: Object.fromEntries(
              [status, ...others].map((code) => [code, responseSchema] as const),
            ),
          }),
    },
    onRequest: async (request) => {
      const { authorization } = request.headers;
      if (operation.anonymous === true && authorization === undefined) return;
      const caller = await authenticate(ctx.reads, authorization, ctx.clock.now());
      requireScope(caller, spec);
      callers.set(request, caller);
    },
    handler: async (request, reply) => {
      const caller = callers.get(request);
      if (caller === undefined && operation.anonymous !== true) throw new UnauthorizedError();
      const result = await operation.handler({
        params: request.params as Record<string, string>,
        query: request.query ?? {},
        body: request.body,
        caller: caller as Caller,
        ctx,
        baseUrl: options.publicUrl ?? `${request.protocol}://${request.host}`,
        request,
        reply,
      });
      // The handler may have picked another of the operation's 2xx statuses.
      if (!others.includes(reply.statusCode)) reply.status(status);
      return responseSchema === null ? reply.send() : result;
    },
  });
}

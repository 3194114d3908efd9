import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { Caller } from '../auth/api-tokens.js';
import type { ServerContext } from '../server-context.js';

/** One validated request to an operation, as its handler sees it. */
export interface Call<Params extends string, Query, Body> {
  readonly params: Readonly<Record<Params, string>>;
  readonly query: Query;
  readonly body: Body;
  /** Who is calling (every operation requires a token). */
  readonly caller: Caller;
  /** Storage, blobs, clock and ids. */
  readonly ctx: ServerContext;
  /** The service's public base URL (`https://docs.example.com`), for `urls` members. */
  readonly baseUrl: string;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

/**
 * The schemas an operation's handler is written against. They must be the contract's own:
 * {@link implement} compares them with the route table when the server starts, so a handler
 * cannot silently drift from the contract.
 */
export interface OperationSchemas<
  Params extends string,
  Query extends TSchema | undefined,
  Body extends TSchema | undefined,
  Response extends TSchema | null,
> {
  params?: readonly Params[];
  query?: Query;
  body?: Body;
  /** The success response's schema; null for a bodyless success (204). */
  response: Response;
}

type StaticOr<T, Otherwise> = T extends TSchema ? Static<T> : Otherwise;

/** A call to an operation that also answers without a token: `caller` is then undefined. */
export type AnonymousCall<Params extends string, Query, Body> = Omit<
  Call<Params, Query, Body>,
  'caller'
> & { readonly caller: Caller | undefined };

/** A contract operation with the handler that implements it. */
export interface Operation {
  /** The operation answers without a token too (the contract's `anonymous`). */
  readonly anonymous?: true;
  readonly operationId: string;
  readonly schemas: OperationSchemas<
    string,
    TSchema | undefined,
    TSchema | undefined,
    TSchema | null
  >;
  readonly handler: (call: Call<string, unknown, unknown>) => Promise<unknown>;
}

/**
 * Declares the handler of a contract operation. The handler gets typed params, query and body
 * and returns the success response's body (nothing for a 204).
 */
export function operation<
  const Params extends string = never,
  Query extends TSchema | undefined = undefined,
  Body extends TSchema | undefined = undefined,
  Response extends TSchema | null = null,
>(
  operationId: string,
  schemas: OperationSchemas<Params, Query, Body, Response>,
  handler: (
    call: Call<Params, StaticOr<Query, Record<string, never>>, StaticOr<Body, undefined>>,
  ) => Promise<StaticOr<Response, undefined>>,
): Operation {
  return { operationId, schemas, handler: handler as Operation['handler'] };
}

/**
 * Declares the handler of an operation the contract lets callers reach without a token; a
 * token that is sent must still be valid.
 */
export function anonymousOperation<
  const Params extends string = never,
  Query extends TSchema | undefined = undefined,
  Body extends TSchema | undefined = undefined,
  Response extends TSchema | null = null,
>(
  operationId: string,
  schemas: OperationSchemas<Params, Query, Body, Response>,
  handler: (
    call: AnonymousCall<Params, StaticOr<Query, Record<string, never>>, StaticOr<Body, undefined>>,
  ) => Promise<StaticOr<Response, undefined>>,
): Operation {
  return { ...operation(operationId, schemas, handler as never), anonymous: true };
}

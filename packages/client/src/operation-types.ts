import type { Static, TSchema } from 'typebox';
import type { QueryParams } from './build-url.js';
import type { typedRoutes, TypedOperationId } from './typed-routes.js';

type Route<Id extends TypedOperationId> = (typeof typedRoutes)[Id];

/** The `{name}` placeholders of a route path, as a union of names. */
export type PathParameterNames<Path extends string> =
  Path extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParameterNames<Rest> : never;

/** Options every request takes, typed or not. */
export interface RequestOptions {
  /** Aborts the request, any wait before a retry, and its place in the queue. */
  signal?: AbortSignal;
  /** Overrides the client's `timeoutMs` for each attempt of this request. */
  timeoutMs?: number;
}

type ParamsArgs<Path extends string> = [PathParameterNames<Path>] extends [never]
  ? { params?: undefined }
  : { params: Readonly<Record<PathParameterNames<Path>, string>> };

/** A query type whose optional members may also be `undefined` (left out of the URL). */
type AllowUndefined<Query> = { [Key in keyof Query]: Query[Key] | undefined };

type QueryArgs<R> = R extends { query: infer Query extends TSchema }
  ? { query?: AllowUndefined<Static<Query>> }
  : { query?: undefined };

type BodyArgs<R> = R extends { body: infer Body extends TSchema }
  ? { body: Static<Body> }
  : { body?: undefined };

/** The arguments of a typed operation: path params, query and body as the contract types them. */
export type OperationArgs<Id extends TypedOperationId> = ParamsArgs<Route<Id>['path']> &
  QueryArgs<Route<Id>> &
  BodyArgs<Route<Id>> &
  RequestOptions;

/** The arguments of an operation the client does not type: anything JSON, checked by the server. */
export interface UntypedOperationArgs extends RequestOptions {
  params?: Readonly<Record<string, string | number>> | undefined;
  query?: QueryParams | undefined;
  body?: unknown;
}

/** What a typed operation answers: the parsed JSON, or `undefined` when it has no body. */
export type OperationResponse<Id extends TypedOperationId> =
  Route<Id>['response'] extends infer Schema extends TSchema ? Static<Schema> : undefined;

/** The arguments of any operation: typed when the client knows it, loose otherwise. */
export type ArgsOf<Id extends string> = Id extends TypedOperationId
  ? OperationArgs<Id>
  : UntypedOperationArgs;

/** The response of any operation: typed when the client knows it, `unknown` otherwise. */
export type ResponseOf<Id extends string> = Id extends TypedOperationId
  ? OperationResponse<Id>
  : unknown;

/** Whether every member of `T` is optional, so the argument can be left out. */
type AllOptional<T> = object extends T ? true : false;

/** The argument list of `request(id, ...)`: optional when the operation needs nothing. */
export type ArgsTuple<Id extends string> =
  AllOptional<ArgsOf<Id>> extends true ? [args?: ArgsOf<Id>] : [args: ArgsOf<Id>];

/** The list envelope every paginated operation answers with. */
export interface ListEnvelope<Item> {
  items: Item[];
  count?: number;
  next?: { page: string };
}

/** The typed operations that answer a list envelope, so `paginate` can walk them. */
export type ListOperationId = {
  [Id in TypedOperationId]: OperationResponse<Id> extends ListEnvelope<unknown> ? Id : never;
}[TypedOperationId];

/** The item type of a list operation (`unknown` for an untyped one). */
export type ItemOf<Id extends string> = Id extends TypedOperationId
  ? OperationResponse<Id> extends ListEnvelope<infer Item>
    ? Item
    : never
  : unknown;

import { Type, type TObject, type TSchema } from 'typebox';
import type { HttpMethod, RouteSpec } from '../route-spec.js';
import { ErrorBody } from '../schemas/common.js';

/** Error statuses only some operations give, so a route lists them itself. */
export type ConditionalErrorStatus = 409 | 412;

/** One route as a section file writes it; `defineRoutes` adds what every route shares. */
export interface RouteInput {
  readonly operationId: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly summary: string;
  readonly query?: TObject;
  readonly body?: TSchema;
  /** Success statuses only; the error statuses are derived (see `errorStatuses`). */
  readonly responses: Readonly<Record<number, TSchema | null>>;
  /** 409 for moves, merges, duplicates and concurrent updates; 412 for transfers. */
  readonly errors?: readonly ConditionalErrorStatus[];
  readonly extension?: true;
  /** The operation also answers without a token (401 only for a token it does not know). */
  readonly anonymous?: true;
}

/**
 * Path parameters whose values are constrained. The rest are opaque ids: any non-empty string
 * (they arrive un-encoded, so the server must not assume a format).
 */
const constrainedParameters: Readonly<Record<string, TSchema>> = {
  integrationName: Type.String({ pattern: '^[a-zA-Z0-9-_.]+$' }),
  specSlug: Type.String({
    minLength: 1,
    maxLength: 100,
    pattern: '^[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*$',
  }),
  changeRequestId: Type.String({
    minLength: 1,
    description: 'The change request id, or its number in the space.',
  }),
};

/** The names of the `{param}` placeholders of a path, in order. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
}

/** The params schema of a path: one string property per placeholder. */
export function pathParameters(path: string): TObject {
  const properties: Record<string, TSchema> = {};
  for (const name of pathParameterNames(path)) {
    properties[name] = constrainedParameters[name] ?? Type.String({ minLength: 1 });
  }
  return Type.Object(properties);
}

/**
 * The error statuses an operation can give: 400 when it validates input (query, body or a
 * patterned path parameter), 401, 403, 421 and 429 always (421 from a server that answers only
 * for some hosts, to a request whose `Host` names another), 404 when a path id can be unknown (not for
 * a DELETE of the resource itself, which answers 204 when it is absent), 413 when it takes a body,
 * and the conditional ones the route lists.
 */
export function errorStatuses(input: RouteInput): number[] {
  const names = pathParameterNames(input.path);
  const patterned = names.some((name) => constrainedParameters[name] !== undefined);
  const statuses = [401, 403, 421, 429, ...(input.errors ?? [])];
  if (input.query !== undefined || input.body !== undefined || patterned) statuses.push(400);
  const deletesItself = input.method === 'DELETE' && input.path.endsWith('}');
  if (names.length > (deletesItself ? 1 : 0)) statuses.push(404);
  if (input.body !== undefined) statuses.push(413);
  return statuses.sort((a, b) => a - b);
}

/** Turn one section's route inputs into route specs. */
export function defineRoutes(section: string, inputs: readonly RouteInput[]): readonly RouteSpec[] {
  return inputs.map((input) => {
    const { errors: _errors, responses, path, ...rest } = input;
    const names = pathParameterNames(path);
    const all: Record<number, TSchema | null> = { ...responses };
    for (const status of errorStatuses(input)) all[status] = ErrorBody;
    return {
      ...rest,
      path,
      section,
      ...(names.length > 0 ? { params: pathParameters(path) } : {}),
      responses: all,
    };
  });
}

import type { TObject, TSchema } from 'typebox';

/** An HTTP method the API description uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One operation of the API: everything the server needs to validate and serialize it, the client
 * needs to call it, and the OpenAPI document needs to describe it. The route table is a list of
 * these; the server implements operations by `operationId`.
 */
export interface RouteSpec {
  /** Stable identifier (camelCase verb + resource, e.g. `getSpaceById`); unique in the table. */
  readonly operationId: string;
  readonly method: HttpMethod;
  /** OpenAPI-style path with `{param}` placeholders, including the `/v1` prefix. */
  readonly path: string;
  /** The section of the API description the operation belongs to (e.g. `Spaces`). */
  readonly section: string;
  /** One line for people: what the operation does. */
  readonly summary: string;
  /** Path parameters, one string property per `{param}`. */
  readonly params?: TObject;
  /** Query parameters. */
  readonly query?: TObject;
  /** Request body (JSON). Absent: the operation takes no body. */
  readonly body?: TSchema;
  /** Response schema by status code; `null` means the status has no body (204, some 201s). */
  readonly responses: Readonly<Record<number, TSchema | null>>;
  /** True for docsync's extensions beyond the API description (architecture.md lists them). */
  readonly extension?: boolean;
  /** True when the operation also answers a caller without a token (accepting an invite). */
  readonly anonymous?: boolean;
}

/**
 * A failure the API reports to the caller. `status` is the HTTP status the error handler sends
 * (the API's `error.code`); `code` is a stable identifier for logs and tests.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  /** Stable identifier of the failure. */
  readonly code: string;
  /** HTTP status. */
  readonly status: number;
  /** Extra machine-readable detail, logged but not sent. */
  readonly data: unknown;

  constructor(
    status: number,
    code: string,
    message: string,
    options: { cause?: unknown; data?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.status = status;
    this.code = code;
    this.data = options.data;
  }
}

/** 400: the request is well-formed but breaks a rule the schema cannot express. */
export class BadRequestError extends ApiError {
  override name = 'BadRequestError';
  constructor(message: string, options: { cause?: unknown; data?: unknown } = {}) {
    super(400, 'bad-request', message, options);
  }
}

/** 401: no token, or one the server does not know. */
export class UnauthorizedError extends ApiError {
  override name = 'UnauthorizedError';
  constructor(message = 'A valid API token is required (`Authorization: Bearer <token>`)') {
    super(401, 'unauthorized', message);
  }
}

/** 403: the caller can see the resource but lacks the right for this operation. */
export class ForbiddenError extends ApiError {
  override name = 'ForbiddenError';
  constructor(message: string) {
    super(403, 'forbidden', message);
  }
}

/** 404: no such resource, or one in an organization the caller cannot see. */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
  /** What kind of resource was looked for (`Space`, `Organization`...). */
  readonly kind: string;
  constructor(kind: string, message = `${kind} not found`) {
    super(404, 'not-found', message);
    this.kind = kind;
  }
}

/** 409: the request conflicts with the current state (duplicates, moves, concurrent edits). */
export class ConflictError extends ApiError {
  override name = 'ConflictError';
  constructor(message: string) {
    super(409, 'conflict', message);
  }
}

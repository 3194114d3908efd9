export { ApiClient, createClient, type ClientOptions } from './api-client.js';
export {
  ApiClientError,
  BadRequestError,
  UnauthorizedError,
  ForbiddenError,
  NotFoundError,
  ConflictError,
  RateLimitedError,
  ServerError,
  NetworkError,
  TimeoutError,
  AbortedError,
  InvalidResponseError,
  InvalidRequestError,
  type ApiClientErrorCode,
  type ApiClientErrorOptions,
} from './errors.js';
export { backoffDelay, defaultRetryOptions, type RetryOptions } from './retry-policy.js';
export { typedRoutes, type TypedOperationId, type TypedRoute } from './typed-routes.js';
export type {
  ArgsOf,
  ArgsTuple,
  ItemOf,
  ListEnvelope,
  ListOperationId,
  OperationArgs,
  OperationResponse,
  PathParameterNames,
  RequestOptions,
  ResponseOf,
  UntypedOperationArgs,
} from './operation-types.js';
export type { QueryParams, QueryValue } from './build-url.js';

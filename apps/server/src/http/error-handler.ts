import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError } from '../errors.js';
import { ValidationError } from './validation-error.js';

/** What the API answers for a failure. */
export interface HttpFailure {
  status: number;
  message: string;
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as Partial<FastifyError>).code === 'string';
}

/** Fastify's own failures, in the API's words. */
function describeFastifyError(error: FastifyError, bodyLimit: number): HttpFailure | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: `body is larger than the limit of ${bodyLimit} bytes` };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        message: 'unsupported content type; send JSON with `Content-Type: application/json`',
      };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, message: 'the `Content-Length` header does not match the body' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, message: 'body is not valid JSON' };
    default:
      break;
  }
  const status = error.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    return { status, message: error.message };
  }
  return undefined;
}

/** Maps any error a request produced to the status and message the caller sees. */
export function toHttpFailure(error: unknown, bodyLimit: number): HttpFailure {
  if (error instanceof ApiError) return { status: error.status, message: error.message };
  if (error instanceof ValidationError) return { status: 400, message: error.message };
  if (isFastifyError(error)) {
    const described = describeFastifyError(error, bodyLimit);
    if (described !== undefined) return described;
  }
  // Anything else is our bug: say so without leaking internals (the log has the details).
  return { status: 500, message: 'Internal server error' };
}

/**
 * Installs the one error handler and the 404 handler: every failure is answered as
 * `{"error": {"code": <status>, "message": "..."}}`. Server faults are logged as errors with
 * their stack; caller mistakes at info level.
 */
export function useErrorHandler(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler((error, request, reply) => {
    const failure = toHttpFailure(error, bodyLimit);
    if (failure.status >= 500) request.log.error({ err: error }, 'request failed');
    else
      request.log.info(
        {
          status: failure.status,
          // The stable identifier of the failure (`merge_rules_unmet`), for reading logs.
          ...(error instanceof ApiError ? { code: error.code } : {}),
          reason: failure.message,
        },
        'request refused',
      );
    return reply
      .status(failure.status)
      .type('application/json; charset=utf-8')
      .send({ error: { code: failure.status, message: failure.message } });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      error: {
        code: 404,
        message: `no operation at \`${request.method} ${request.url.split('?')[0] ?? ''}\``,
      },
    }),
  );
}

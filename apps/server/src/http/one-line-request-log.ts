import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's request logging as one line per request, written once the response is sent: the
 * method, the URL (secret query parameters blanked by the logger), the status and the time taken
 * in milliseconds (`responseTime`). Fastify's default is two lines, `incoming request` and
 * `request completed`, the second without the method and URL.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {
    // Nothing when the request arrives: its line is written with the outcome.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = {
      req: { method: request.method, url: request.url },
      res: { statusCode: reply.statusCode },
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** A request part broke the contract's schema: always a 400. */
export class ValidationError extends Error {
  override name = 'ValidationError';
  /** Stable identifier of the failure. */
  readonly code = 'validation';
  /** Read by Fastify: the status to answer with. */
  readonly statusCode = 400;
  /** Which part of the request was invalid (`body`, `querystring`, `params`, `headers`). */
  readonly part: string;

  constructor(message: string, part: string) {
    super(message);
    this.part = part;
  }
}

/** Stable codes of the failures of reading published content. */
export type PublishedErrorCode =
  'site-not-found' | 'site-not-published' | 'space-not-found' | 'unsafe-path';

/** Reading a site's or a space's published content failed: a stable `code`, optional `data`. */
export class PublishedError extends Error {
  override name = 'PublishedError';
  /** Stable identifier of the failure; branch on it, never on the message. */
  readonly code: PublishedErrorCode;
  readonly data: Record<string, unknown> | undefined;

  constructor(
    code: PublishedErrorCode,
    message: string,
    options: { cause?: unknown; data?: Record<string, unknown> } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.data = options.data;
  }
}

import { ApiError } from '../errors.js';

/** 412: a transfer whose target does not meet the operation's preconditions. */
export class PreconditionFailedError extends ApiError {
  override name = 'PreconditionFailedError';
  constructor(message: string) {
    super(412, 'precondition-failed', message);
  }
}

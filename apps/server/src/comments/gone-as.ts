import { NotFoundError } from '../errors.js';
import { isForeignKeyViolation } from '../storage/foreign-key-violation.js';

/**
 * A rejection handler that turns "the row this write refers to is gone" (deleted by a request
 * racing this one) into a 404 of that kind, and rethrows anything else.
 */
export function goneAs(kind: string): (error: unknown) => never {
  return (error) => {
    if (isForeignKeyViolation(error)) throw new NotFoundError(kind);
    throw error;
  };
}

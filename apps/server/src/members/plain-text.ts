import { BadRequestError } from '../errors.js';

/**
 * 400 unless `value` can be stored as text: PostgreSQL refuses the NUL character in text
 * columns and parameters, and would otherwise turn a caller's typo into a server error.
 * `field` names the value as validation messages do (`body/title`, `query/search`).
 */
export function requirePlainText(value: string | undefined, field: string): void {
  if (value !== undefined && value.includes('\u0000')) {
    throw new BadRequestError(`${field} must not contain the NUL character (\`\\u0000\`)`);
  }
}

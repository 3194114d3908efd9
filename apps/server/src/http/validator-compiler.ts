import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';
import { ValidationError } from './validation-error.js';
import { describeViolations, type SchemaViolation } from './validation-message.js';

/**
 * Compiles the contract's TypeBox schemas for Fastify. Path and query values arrive as strings,
 * so they are converted (`"50"` → 50, `"true"` → true) and given their defaults before the
 * check; a JSON body is checked as sent. A failure becomes one {@link ValidationError} whose
 * message names the field and the rule.
 */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = Compile(schema);
  const part = httpPart ?? 'body';
  // Path ids and most queries need no coercion: when the schema gives no defaults and the values
  // already pass as sent, the per-request clone, defaulting and conversion are skipped.
  const hasDefaults = JSON.stringify(schema).includes('"default"');
  return (input: unknown) => {
    if (part !== 'body' && !hasDefaults && check.Check(input)) return { value: input };
    // A bodyless request (no body, or an empty one) is an empty object to an all-optional body.
    const value =
      part === 'body'
        ? (input ?? {})
        : Value.Convert(schema, Value.Default(schema, structuredClone(input)));
    if (check.Check(value)) return { value };
    const violations = check.Errors(value) as SchemaViolation[];
    return { error: new ValidationError(describeViolations(violations, part), part) };
  };
};

import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';
import { describeViolations } from './validation-message.js';

const schema = Type.Object(
  {
    title: Type.String({ maxLength: 50 }),
    mode: Type.Optional(Type.Enum(['live', 'locked'], { type: 'string' })),
    role: Type.Optional(
      Type.Union([Type.Enum(['admin', 'read'], { type: 'string' }), Type.Null()]),
    ),
    limit: Type.Optional(Type.Integer({ maximum: 1000 })),
  },
  { additionalProperties: false },
);
const describe_ = (value: unknown, part = 'body') =>
  describeViolations(Compile(schema).Errors(value), part);

describe('describeViolations', () => {
  it('names the part, the field and the broken rule', () => {
    expect(describe_({ title: 'x'.repeat(51) })).toBe(
      'body/title must not have more than 50 characters',
    );
    expect(describe_({ title: 't', limit: 1001 }, 'querystring')).toBe(
      'query/limit must be <= 1000',
    );
  });

  it('lists the allowed values of enums and nullable enums', () => {
    expect(describe_({ title: 't', mode: 'frozen' })).toBe(
      'body/mode must be one of `live`, `locked`',
    );
    expect(describe_({ title: 't', role: 'boss' })).toBe(
      'body/role must be one of `admin`, `read`, null',
    );
  });

  it('names missing and unknown fields', () => {
    expect(describe_({})).toBe('body/title is required');
    expect(describe_({ title: 't', extra: 1 })).toBe('body/extra is not a known field');
  });
});

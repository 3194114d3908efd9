import { describe, expect, it } from 'vitest';
import { conditionSyntaxError } from './condition-syntax.js';

describe('condition syntax', () => {
  it.each([
    'visitor.claims.unsigned.isBetaUser',
    'visitor.claims.plan == "pro" && !visitor.claims.unsigned.trial',
    "visitor.claims.roles.includes('admin') || visitor.claims['beta-group']",
    'visitor.claims.seats >= 10 ? true : false',
    '(visitor.claims.a || visitor.claims.b) && visitor.claims.c !== null',
    '"eu" in visitor.claims.regions',
    '[1, 2.5, -3e2].includes(visitor.claims.level % 3)',
    'visitor.claims.name ?? "anonymous"',
  ])('accepts %s', (condition) => {
    expect(conditionSyntaxError(condition)).toBeUndefined();
  });

  it.each([
    ['', 0, 'empty'],
    ['visitor.claims.', 15, 'the end of the condition'],
    ['visitor..claims', 8, '`.`'],
    ['a = 1', 2, '`=`'],
    ['(a && b', 7, 'expected `)`'],
    ['a && && b', 5, '`&&`'],
    ['"unterminated', 0, 'an unterminated string'],
    ['a ? b', 5, 'expected `:`'],
    ['function () {}', 12, '`{`'],
    ['`template`', 0, '`'],
    ['a; b', 1, '`;`'],
  ])('refuses %j at offset %i', (condition, offset, message) => {
    expect(conditionSyntaxError(condition)).toMatchObject({
      offset,
      message: expect.stringContaining(message) as unknown,
    });
  });

  it('refuses conditions nested too deeply instead of overflowing the stack', () => {
    expect(conditionSyntaxError(`${'('.repeat(500)}a${')'.repeat(500)}`)?.message).toContain(
      'nested more than 64 levels',
    );
    expect(conditionSyntaxError(`${'!'.repeat(1000)}a`)?.message).toContain('nested');
    expect(conditionSyntaxError(`${'('.repeat(30)}a${')'.repeat(30)}`)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { conditionHolds } from './evaluate-condition.js';

const claims = { plan: 'pro', seats: 12, roles: ['admin'], unsigned: { beta: true } };

describe('conditionHolds', () => {
  it('reads claims as GitBook conditions do', () => {
    expect(conditionHolds('visitor.claims.plan == "pro"', claims)).toBe(true);
    expect(conditionHolds("visitor.claims.plan === 'free'", claims)).toBe(false);
    expect(
      conditionHolds('visitor.claims.unsigned.beta && visitor.claims.seats > 10', claims),
    ).toBe(true);
    expect(conditionHolds('!visitor.claims.unsigned.beta', claims)).toBe(false);
    expect(conditionHolds('visitor.claims.roles.includes("admin")', claims)).toBe(true);
    expect(conditionHolds('visitor.claims["plan"].startsWith("p") ? true : false', claims)).toBe(
      true,
    );
    expect(conditionHolds('"plan" in visitor.claims', claims)).toBe(true);
    expect(conditionHolds('(visitor.claims.missing ?? 3) + 1 == 4', claims)).toBe(true);
  });

  it('does not hold when the condition reads nothing, fails or reaches for the object model', () => {
    expect(conditionHolds('visitor.claims.missing.deeper', claims)).toBe(false);
    expect(conditionHolds('visitor.claims.plan ==', claims)).toBe(false);
    expect(conditionHolds('visitor.constructor', claims)).toBe(false);
    expect(
      conditionHolds('visitor.claims.plan.constructor.constructor("return 1")()', claims),
    ).toBe(false);
    expect(conditionHolds('visitor.claims.__proto__', claims)).toBe(false);
    expect(conditionHolds('visitor.claims.roles.push("x")', claims)).toBe(false);
    expect(claims.roles).toEqual(['admin']);
  });
});

describe('conditionHolds on string literals', () => {
  it('reads single- and double-quoted strings with their escapes', () => {
    expect(
      conditionHolds(`visitor.claims.name == 'O\\'Brien "Bob"'`, { name: `O'Brien "Bob"` }),
    ).toBe(true);
    expect(conditionHolds(`visitor.claims.name == "say \\"hi\\""`, { name: 'say "hi"' })).toBe(
      true,
    );
  });
});

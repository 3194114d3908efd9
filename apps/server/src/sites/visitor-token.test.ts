import { createHmac } from 'node:crypto';
import type { JWTPayload } from 'jose';
import { describe, expect, it } from 'vitest';
import { newSigningKey, signVisitorToken, verifyVisitorToken } from './visitor-token.js';

const now = new Date('2025-01-01T00:00:00Z');
const seconds = now.getTime() / 1000;

describe('visitor tokens', () => {
  const key = newSigningKey();

  it('verifies a token signed with the key and returns its claims', async () => {
    const token = await signVisitorToken(key, { exp: seconds + 60, unsigned: { beta: true } });
    expect(await verifyVisitorToken(key, token, now)).toEqual({
      exp: seconds + 60,
      unsigned: { beta: true },
    });
  });

  it('reads tokens signed the way JWT libraries sign them with a string secret, and signs them alike', async () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const input = `${encode({ typ: 'JWT', alg: 'HS256' })}.${encode({ sub: 'v1', exp: seconds + 5 })}`;
    const token = `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
    expect(await verifyVisitorToken(key, token, now)).toMatchObject({ sub: 'v1' });
    // The same header and claims sign to the same bytes.
    const alike = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'v1', exp: seconds + 5 })}`;
    expect(await signVisitorToken(key, { sub: 'v1', exp: seconds + 5 })).toBe(
      `${alike}.${createHmac('sha256', key).update(alike).digest('base64url')}`,
    );
  });

  it('refuses other keys, tampering, expiry, missing exp, future nbf and other algorithms', async () => {
    const claims = { exp: seconds + 60 };
    const token = await signVisitorToken(key, claims);
    const [header, , signature] = token.split('.');
    const forged = `${header ?? ''}.${Buffer.from(JSON.stringify({ exp: seconds + 1e6 })).toString('base64url')}.${signature ?? ''}`;
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${token.split('.')[1] ?? ''}.`;
    for (const refused of [
      await signVisitorToken(newSigningKey(), claims),
      forged,
      none,
      await signVisitorToken(key, { exp: seconds }),
      await signVisitorToken(key, {}),
      await signVisitorToken(key, { exp: String(seconds + 60) } as unknown as JWTPayload),
      await signVisitorToken(key, { exp: seconds + 60, nbf: seconds + 30 }),
      'a.b',
      '...',
      '',
    ]) {
      expect(await verifyVisitorToken(key, refused, now), refused).toBeUndefined();
    }
  });
});

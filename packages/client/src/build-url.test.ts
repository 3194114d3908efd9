import { describe, expect, it } from 'vitest';
import { buildUrl, expandPath, serializeQuery, UrlBuildError } from './build-url.js';

describe('expandPath', () => {
  it('encodes each parameter as a single path segment', () => {
    expect(
      expandPath('/v1/spaces/{spaceId}/page/{pageId}', { spaceId: '../x', pageId: 'a b/c' }),
    ).toBe('/v1/spaces/..%2Fx/page/a%20b%2Fc');
  });

  it('rejects a missing or empty parameter', () => {
    expect(() => expandPath('/v1/spaces/{spaceId}', {})).toThrow(UrlBuildError);
    expect(() => expandPath('/v1/spaces/{spaceId}', { spaceId: '' })).toThrow(UrlBuildError);
  });
});

describe('serializeQuery', () => {
  it('repeats the key for each array element and writes scalars as text', () => {
    expect(serializeQuery({ authors: ['a', 'b'], extended: true, limit: 5 })).toBe(
      '?authors=a&authors=b&extended=true&limit=5',
    );
  });

  it('leaves out undefined and null members, and is empty when nothing is left', () => {
    expect(serializeQuery({ page: undefined, status: null })).toBe('');
  });

  it('rejects objects, which have no agreed query form', () => {
    expect(() => serializeQuery({ filter: [{ a: 1 } as unknown as string] })).toThrow(
      UrlBuildError,
    );
  });
});

describe('buildUrl', () => {
  it('joins a base URL with or without a trailing slash or a path prefix', () => {
    expect(buildUrl('http://h/', '/v1/orgs')).toBe('http://h/v1/orgs');
    expect(buildUrl('http://h/api', '/v1/orgs', {}, { limit: 1 })).toBe(
      'http://h/api/v1/orgs?limit=1',
    );
  });
});

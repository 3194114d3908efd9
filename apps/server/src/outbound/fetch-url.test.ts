import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressPolicy } from './address-policy.js';
import { fetchUrl, FetchUrlError, type FetchLimits } from './fetch-url.js';

const loopbackAllowed = new AddressPolicy(['127.0.0.1/32']);
const limits = (overrides: Partial<FetchLimits> = {}): FetchLimits => ({
  policy: loopbackAllowed,
  timeoutMs: 2_000,
  maxBytes: 1_000,
  maxRedirects: 3,
  ...overrides,
});

async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(FetchUrlError);
    return (error as FetchUrlError).code;
  }
  throw new Error('the fetch succeeded');
}

describe('AddressPolicy', () => {
  it('refuses loopback, private, link-local and mapped addresses, and allows public ones', () => {
    const policy = new AddressPolicy();
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '100.64.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ])
      expect(policy.allows(address), address).toBe(false);
    for (const address of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111'])
      expect(policy.allows(address), address).toBe(true);
  });

  it('allows what its allow-list names, and nothing else of the refused ranges', () => {
    const policy = new AddressPolicy(['127.0.0.1/32', '10.0.0.0/8']);
    expect(policy.allows('127.0.0.1')).toBe(true);
    expect(policy.allows('10.9.9.9')).toBe(true);
    expect(policy.allows('127.0.0.2')).toBe(false);
    expect(policy.allows('192.168.0.1')).toBe(false);
    expect(() => new AddressPolicy(['not-an-address'])).toThrow(/not an IP address/);
  });
});

describe('fetchUrl', () => {
  let server: Server;
  let base: string;
  const hanging: ServerResponse[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      switch (request.url) {
        case '/spec.json':
          response.setHeader('content-type', 'application/json');
          response.end('{"openapi":"3.1.0"}');
          return;
        case '/to-spec':
          response.writeHead(302, { location: '/spec.json' }).end();
          return;
        case '/to-metadata':
          response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
          return;
        case '/to-localhost':
          response
            .writeHead(301, {
              location: `http://localhost:${String((server.address() as AddressInfo).port)}/spec.json`,
            })
            .end();
          return;
        case '/loop':
          response.writeHead(302, { location: '/loop' }).end();
          return;
        case '/large':
          response.end('x'.repeat(5_000));
          return;
        case '/large-chunked':
          response.write('x'.repeat(600));
          response.end('x'.repeat(600));
          return;
        case '/hang':
          hanging.push(response);
          return;
        default:
          response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  });
  afterAll(async () => {
    for (const response of hanging) response.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('fetches an allowed URL, following a redirect', async () => {
    const fetched = await fetchUrl(`${base}/to-spec`, limits());
    expect(fetched.url).toBe(`${base}/spec.json`);
    expect(fetched.body.toString()).toBe('{"openapi":"3.1.0"}');
    expect(fetched.contentType).toBe('application/json');
  });

  it('refuses loopback by default, by address and by a name that resolves to it', async () => {
    expect(
      await failureOf(fetchUrl(`${base}/spec.json`, limits({ policy: new AddressPolicy() }))),
    ).toBe('fetch-refused');
    const port = new URL(base).port;
    expect(
      await failureOf(
        fetchUrl(`http://localhost:${port}/spec.json`, limits({ policy: new AddressPolicy() })),
      ),
    ).toBe('fetch-refused');
    expect(
      await failureOf(
        fetchUrl(
          `http://[::ffff:127.0.0.1]:${port}/spec.json`,
          limits({ policy: new AddressPolicy() }),
        ),
      ),
    ).toBe('fetch-refused');
  });

  it('checks every redirect again: to link-local metadata, or to a name outside the allow-list', async () => {
    expect(await failureOf(fetchUrl(`${base}/to-metadata`, limits()))).toBe('fetch-refused');
    // localhost may resolve to ::1 first, which the allow-list does not name.
    const viaName = await fetchUrl(
      `${base}/to-localhost`,
      limits({ policy: new AddressPolicy(['127.0.0.1/32', '::1/128']) }),
    );
    expect(viaName.body.toString()).toContain('openapi');
    expect(await failureOf(fetchUrl(`${base}/loop`, limits()))).toBe('fetch-failed');
  });

  it('refuses other schemes and credentials in the URL', async () => {
    expect(await failureOf(fetchUrl('file:///etc/passwd', limits()))).toBe('fetch-refused');
    expect(await failureOf(fetchUrl(`http://user:secret@127.0.0.1:1/`, limits()))).toBe(
      'fetch-refused',
    );
    expect(await failureOf(fetchUrl('not a url', limits()))).toBe('fetch-refused');
  });

  it('caps the body, whether its length is declared or not', async () => {
    expect(await failureOf(fetchUrl(`${base}/large`, limits()))).toBe('fetch-failed');
    expect(await failureOf(fetchUrl(`${base}/large-chunked`, limits()))).toBe('fetch-failed');
    expect(await failureOf(fetchUrl(`${base}/missing`, limits()))).toBe('fetch-failed');
  });

  it('times out on a server that never answers', async () => {
    const started = performance.now();
    expect(await failureOf(fetchUrl(`${base}/hang`, limits({ timeoutMs: 200 })))).toBe(
      'fetch-timeout',
    );
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it('stops when its caller cancels it, without calling that a failure of the URL', async () => {
    const cancel = new AbortController();
    const fetching = fetchUrl(`${base}/hang`, limits({ timeoutMs: 10_000 }), cancel.signal);
    cancel.abort(new Error('the server is stopping'));
    const error: unknown = await fetching.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(FetchUrlError);
  });
});

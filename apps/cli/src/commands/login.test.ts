import * as fs from 'node:fs/promises';
import {
  SamlTestIdp,
  samlSignIn,
  startTestServer,
  type SamlServiceUrls,
  type TestServer,
} from '@docsync/server/testing';
import { makeTempDir, type TempDir } from '@docsync/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../exit-codes.js';
import { runDocsync } from '../testing/run-docsync.js';

describe('docsync login', () => {
  let server: TestServer;
  let dir: TempDir;
  beforeAll(async () => {
    server = await startTestServer();
    dir = await makeTempDir('cli-login');
  });
  afterAll(async () => {
    await server.close();
    await dir.remove();
  });

  it('checks the token and keeps it for the URL in the config directory, mode 0600', async () => {
    const env = { XDG_CONFIG_HOME: dir.join('config') };
    const run = await runDocsync(
      ['login', '--url', `${server.baseUrl}/`],
      dir.path,
      `${server.token}\n`,
      env,
    );
    expect(run.code, run.stderr).toBe(ExitCode.ok);
    expect(run.stdout).toContain('as Admin <admin@example.com>');
    const path = dir.join('config/docsync/credentials.json');
    expect((await fs.stat(path)).mode & 0o777).toBe(0o600);
    expect((await fs.stat(dir.join('config/docsync'))).mode & 0o777).toBe(0o700);
    const kept = JSON.parse(await fs.readFile(path, 'utf8')) as {
      servers: Record<string, { token: string; user: string }>;
    };
    expect(kept.servers[server.baseUrl]).toMatchObject({
      token: server.token,
      user: server.userId,
    });
  });

  it('says it could not check a token when no answer came, not that the token was refused', async () => {
    const env = { XDG_CONFIG_HOME: dir.join('unreached') };
    // No service answers there: Node's fetch will not connect to a port the Fetch standard blocks.
    const run = await runDocsync(
      ['login', '--url', 'http://127.0.0.1:10080'],
      dir.path,
      'dsk_unchecked\n',
      env,
    );
    expect(run.code).toBe(ExitCode.failure);
    expect(run.stderr).toContain('could not check the token: GET http://127.0.0.1:10080/v1/user');
    expect(run.stderr).toContain('fetch refuses to connect to the port');
    expect(run.stderr).not.toContain('refused the token');
    await expect(fs.stat(dir.join('unreached/docsync/credentials.json'))).rejects.toThrow();
  });

  it('refuses a token the service does not know, and keeps nothing', async () => {
    const env = { XDG_CONFIG_HOME: dir.join('other') };
    const run = await runDocsync(
      ['login', '--url', server.baseUrl],
      dir.path,
      'dsk_unknown\n',
      env,
    );
    expect(run.code).toBe(ExitCode.failure);
    expect(run.stderr).toContain('refused the token');
    await expect(fs.stat(dir.join('other/docsync/credentials.json'))).rejects.toThrow();
    const empty = await runDocsync(['login', '--url', server.baseUrl], dir.path, '', env);
    expect(empty.code).toBe(ExitCode.usage);
  });

  it('--invite accepts an invite as a new account and keeps its token', async () => {
    await server.http.request('PATCH', `/v1/orgs/${server.organizationId}`, {
      body: { inviteLinks: true },
    });
    const link = await server.http.request(
      'POST',
      `/v1/orgs/${server.organizationId}/link-invites`,
      { body: { role: 'read' } },
    );
    const joinUrl = (link.body as { urls: { join: string } }).urls.join;
    const env = { XDG_CONFIG_HOME: dir.join('invited') };
    const run = await runDocsync(
      ['login', '--invite', joinUrl, '--name', 'Ada Lovelace'],
      dir.path,
      '',
      env,
    );
    expect(run.code, run.stderr).toBe(ExitCode.ok);
    expect(run.stdout).toContain(`Logged in to ${server.baseUrl} as Ada Lovelace`);
    const kept = JSON.parse(
      await fs.readFile(dir.join('invited/docsync/credentials.json'), 'utf8'),
    ) as { servers: Record<string, { token: string }> };
    const me = await server.http.get('/v1/user', {
      token: kept.servers[server.baseUrl]?.token ?? '',
    });
    expect(me.body).toMatchObject({ displayName: 'Ada Lovelace' });

    const unknown = await runDocsync(
      ['login', '--invite', joinUrl.replace(/invites\/.*$/, 'invites/dsi_unknown')],
      dir.path,
      '',
      env,
    );
    expect(unknown.code).toBe(ExitCode.failure);
    expect(unknown.stderr).toContain('refused the invite (HTTP 404)');
    for (const args of [
      ['login', '--invite', 'https://docs.example.com/not/a/join/url'],
      ['login', '--invite', joinUrl, '--url', 'https://elsewhere.example.com'],
      ['login'],
    ]) {
      const bad = await runDocsync(args, dir.path, '', env);
      expect(bad.code, args.join(' ')).toBe(ExitCode.usage);
    }
  });

  it('--sso exchanges the one-time code a SAML sign-in showed for a token, and keeps it', async () => {
    const idp = new SamlTestIdp('cli');
    const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/saml`, {
      body: {
        label: 'Test IdP',
        ...idp.providerSettings(),
        defaultRole: 'read',
      },
    });
    const { service } = created.body as { service: SamlServiceUrls };
    const signIn = () => samlSignIn(idp, service, 'sso.user@example.com');
    const env = { XDG_CONFIG_HOME: dir.join('sso') };
    const code = await signIn();
    const run = await runDocsync(
      ['login', '--url', server.baseUrl, '--sso', code],
      dir.path,
      '',
      env,
    );
    expect(run.code, run.stderr).toBe(ExitCode.ok);
    expect(run.stdout).toContain(
      `Logged in to ${server.baseUrl} as sso.user <sso.user@example.com>`,
    );
    const kept = JSON.parse(
      await fs.readFile(dir.join('sso/docsync/credentials.json'), 'utf8'),
    ) as {
      servers: Record<string, { token: string }>;
    };
    const me = await server.http.get('/v1/user', {
      token: kept.servers[server.baseUrl]?.token ?? '',
    });
    expect(me.body).toMatchObject({ email: 'sso.user@example.com' });

    // The code works once; a new sign-in's code may come on standard input.
    const again = await runDocsync(
      ['login', '--url', server.baseUrl, '--sso', code],
      dir.path,
      '',
      env,
    );
    expect(again.code).toBe(ExitCode.failure);
    expect(again.stderr).toContain('refused the SSO code (HTTP 401)');
    const piped = await runDocsync(
      ['login', '--url', server.baseUrl, '--sso'],
      dir.path,
      `${await signIn()}\n`,
      env,
    );
    expect(piped.code, piped.stderr).toBe(ExitCode.ok);
    for (const [args, stdin] of [
      [['login', '--url', server.baseUrl, '--sso'], ''],
      [['login', '--sso', 'dss_x'], ''],
    ] as const) {
      const bad = await runDocsync([...args], dir.path, stdin, env);
      expect(bad.code, args.join(' ')).toBe(ExitCode.usage);
    }
  });
});

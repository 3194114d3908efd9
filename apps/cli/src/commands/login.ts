import { chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { CliError, UsageError } from '../cli-error.js';
import type { CliIo } from '../cli-io.js';

interface LoginOptions {
  url?: string;
  tokenFile?: string;
  invite?: string;
  name?: string;
  /** The one-time code a SAML login showed; `true` when given without one (read it from stdin). */
  sso?: string | true;
}

/** A join URL an admin hands over: the service's URL, and where to accept the invite. */
function parseJoinUrl(text: string): { url: string; join: string } {
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    throw new UsageError(`--invite \`${text}\` is not a URL`);
  }
  const match = /^(.*)\/v1\/orgs\/[^/]+\/invites\/[^/]+$/.exec(parsed.pathname);
  if (match === null || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
    throw new UsageError(
      `--invite \`${text}\` is not an invite's join URL (…/v1/orgs/<org>/invites/<code>)`,
    );
  return { url: `${parsed.origin}${match[1] ?? ''}`, join: `${parsed.origin}${parsed.pathname}` };
}

/**
 * Accepts an invite without an account: the service makes one (named `name`) and answers its
 * first token.
 */
async function acceptInvite(join: string, name: string | undefined): Promise<string> {
  const response = await fetch(join, {
    method: 'POST',
    headers: { accept: '*/*', 'content-type': 'application/json' },
    body: JSON.stringify(name === undefined ? {} : { name }),
  });
  const body = (await response.json().catch(() => undefined)) as
    { token?: string; error?: { message?: string } } | undefined;
  if (!response.ok || body?.token === undefined)
    throw new CliError(
      'invite-refused',
      `the service refused the invite (HTTP ${String(response.status)}): ${body?.error?.message ?? 'no token in the answer'}`,
    );
  return body.token;
}

/** Exchanges the one-time code a SAML login showed for a new API token of that account. */
async function exchangeSsoCode(url: string, code: string): Promise<string> {
  const response = await fetch(`${url}/v1/sso/tokens`, {
    method: 'POST',
    headers: { accept: '*/*', 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  const body = (await response.json().catch(() => undefined)) as
    { token?: string; error?: { message?: string } } | undefined;
  if (!response.ok || body?.token === undefined)
    throw new CliError(
      'sso-refused',
      `the service refused the SSO code (HTTP ${String(response.status)}): ${body?.error?.message ?? 'no token in the answer'}`,
    );
  return body.token;
}

/** The SSO code: `--sso <code>`, else the first line of standard input. */
async function ssoCode(io: CliIo, sso: string | true): Promise<string> {
  const code = sso === true ? ((await io.readStdin()).split(/\r?\n/)[0]?.trim() ?? '') : sso.trim();
  if (code === '')
    throw new UsageError(
      '`docsync login --sso` needs the code the sign-in page showed (after --sso, or on standard input)',
    );
  return code;
}

/** The token to keep: the first line of `--token-file`, else of standard input. */
async function tokenToKeep(io: CliIo, options: LoginOptions): Promise<string> {
  const text =
    options.tokenFile === undefined
      ? await io.readStdin()
      : await io.readFile(resolve(io.cwd, options.tokenFile)).catch((error: unknown) => {
          throw new CliError(
            'token-missing',
            `cannot read the token file \`${options.tokenFile ?? ''}\``,
            {
              cause: error,
            },
          );
        });
  const token = text.split(/\r?\n/)[0]?.trim() ?? '';
  if (token === '')
    throw new UsageError(
      '`docsync login` reads the token from standard input (or --token-file): none was given',
    );
  return token;
}

/**
 * `docsync login --url <url>` (or `--invite <join-url>`, which first accepts an invite as a
 * new account and takes the token it answers): checks a token against the service (`GET /v1/user`) and keeps it
 * for that URL in the user's credentials file (mode 0600, its directory 0700), where push, pull
 * and the other commands find it when neither `DOCSYNC_TOKEN` nor a token file is given.
 */
async function login(io: CliIo, options: LoginOptions): Promise<void> {
  const sync = await import('@docsync/sync');
  const invite = options.invite === undefined ? undefined : parseJoinUrl(options.invite);
  const given = options.url ?? invite?.url;
  if (given === undefined) throw new UsageError('`docsync login` needs --url, or --invite');
  let url: string;
  try {
    url = sync.credentialsKey(given);
  } catch {
    throw new UsageError(`--url \`${given}\` is not a URL`);
  }
  if (invite !== undefined && sync.credentialsKey(invite.url) !== url)
    throw new UsageError(`--invite is for ${invite.url}, not --url ${url}`);
  const path = sync.credentialsPath(io.env);
  if (path === undefined)
    throw new CliError(
      'no-config-dir',
      'neither XDG_CONFIG_HOME nor HOME is set: nowhere to keep the token',
    );
  if (options.sso !== undefined && invite !== undefined)
    throw new UsageError('`docsync login` takes --sso or --invite, not both');
  const token =
    options.sso !== undefined
      ? await exchangeSsoCode(url, await ssoCode(io, options.sso))
      : invite === undefined
        ? await tokenToKeep(io, options)
        : await acceptInvite(invite.join, options.name);
  const client = sync.createSyncClient({ baseUrl: url, token });
  let user: { id: string; displayName: string; email?: string };
  try {
    user = (await client.api.request('getAuthenticatedUser', {})) as typeof user;
  } catch (error) {
    if (error instanceof sync.ApiClientError)
      throw error.status === undefined
        ? new CliError('login-unreachable', `could not check the token: ${error.message}`, {
            cause: error,
          })
        : new CliError('login-refused', `${url} refused the token: ${error.message}`, {
            cause: error,
          });
    throw error;
  }
  const existing = sync.parseCredentials(await io.readFile(path).catch(() => ''), path);
  const text = sync.withStoredToken(existing, url, {
    token,
    user: user.id,
    savedAt: new Date().toISOString(),
  });
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  // Written whole beside the file, then renamed over it: never a half-written file, never
  // readable by others (the mode is set again in case a umask narrowed or a file existed).
  const temporary = `${path}.${String(process.pid)}.tmp`;
  await writeFile(temporary, text, { mode: 0o600 });
  await chmod(temporary, 0o600);
  await rename(temporary, path);
  io.stdout(
    `Logged in to ${url} as ${user.displayName}${user.email === undefined ? '' : ` <${user.email}>`}; the token is kept in ${path}\n`,
  );
}

/** Registers `docsync login`. */
export function registerLogin(program: Command, io: CliIo): void {
  program
    .command('login')
    .summary('keep an API token for a docs service')
    .description(
      'Check an API token against the service at --url and keep it for that URL in\n' +
        '$XDG_CONFIG_HOME/docsync/credentials.json (else ~/.config/docsync/credentials.json,\n' +
        'mode 0600). The token is read from standard input, or from --token-file; with\n' +
        '--invite <join-url>, accepting the invite makes your account and its token; with\n' +
        '--sso <code>, the one-time code the page after a SAML sign-in (the start URL your\n' +
        'admin gives you) shows becomes a new token of your account.\n' +
        'Commands that talk to that URL use it when DOCSYNC_TOKEN and --token-file are not given.',
    )
    .option('--url <url>', 'the docs service, e.g. https://docs.example.com')
    .option('--token-file <path>', 'read the token from this file instead of standard input')
    .option(
      '--invite <join-url>',
      'accept an invite without an account (the join URL an admin handed over): the service makes the account, and its first token is kept',
    )
    .option('--name <name>', 'with --invite: your name on the service')
    .option(
      '--sso [code]',
      'exchange the one-time code shown after a SAML sign-in for a token (the code is read from standard input when not given)',
    )
    .action((options: LoginOptions) => login(io, options));
}

import { chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { CliError, UsageError } from '../cli-error.js';
import type { CliIo } from '../cli-io.js';

interface LoginOptions {
  url: string;
  tokenFile?: string;
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
 * `docsync login --url <url>`: checks a token against the service (`GET /v1/user`) and keeps it
 * for that URL in the user's credentials file (mode 0600, its directory 0700), where push, pull
 * and the other commands find it when neither `DOCSYNC_TOKEN` nor a token file is given.
 */
async function login(io: CliIo, options: LoginOptions): Promise<void> {
  const sync = await import('@docsync/sync');
  let url: string;
  try {
    url = sync.credentialsKey(options.url);
  } catch {
    throw new UsageError(`--url \`${options.url}\` is not a URL`);
  }
  const path = sync.credentialsPath(io.env);
  if (path === undefined)
    throw new CliError(
      'no-config-dir',
      'neither XDG_CONFIG_HOME nor HOME is set: nowhere to keep the token',
    );
  const token = await tokenToKeep(io, options);
  const client = sync.createSyncClient({ baseUrl: url, token });
  let user: { id: string; displayName: string; email?: string };
  try {
    user = (await client.api.request('getAuthenticatedUser', {})) as typeof user;
  } catch (error) {
    if (error instanceof sync.ApiClientError)
      throw new CliError('login-refused', `${url} refused the token: ${error.message}`, {
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
        'mode 0600). The token is read from standard input, or from --token-file. Commands\n' +
        'that talk to that URL use it when DOCSYNC_TOKEN and --token-file are not given.',
    )
    .requiredOption('--url <url>', 'the docs service, e.g. https://docs.example.com')
    .option('--token-file <path>', 'read the token from this file instead of standard input')
    .action((options: LoginOptions) => login(io, options));
}

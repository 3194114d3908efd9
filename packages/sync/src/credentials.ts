import { isAbsolute, join } from 'node:path';
import { ConfigInvalidError } from './errors.js';

/**
 * Tokens `docsync login` keeps for the CLI, one per service URL, in a JSON file under the user's
 * configuration directory (the XDG base directory rules: `$XDG_CONFIG_HOME`, else
 * `~/.config`), written with mode 0600: `{"version": 1, "servers": {"<url>": {token, user,
 * savedAt}}}`.
 */
export interface StoredCredentials {
  version: 1;
  servers: Record<string, { token: string; user?: string; savedAt: string }>;
}

/** The credentials file for `env`, or undefined when there is no home to keep one in. */
export function credentialsPath(
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const xdg = env['XDG_CONFIG_HOME'];
  // A relative XDG_CONFIG_HOME is invalid and ignored, as the specification says.
  if (xdg !== undefined && xdg !== '' && isAbsolute(xdg))
    return join(xdg, 'docsync', 'credentials.json');
  const home = env['HOME'] ?? env['USERPROFILE'];
  if (home === undefined || home === '') return undefined;
  return join(home, '.config', 'docsync', 'credentials.json');
}

/** The key of a service URL in the file: origin and path, without a trailing slash. */
export function credentialsKey(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

/** Reads the file's text (empty: no credentials yet); 'invalid' when it is not this format. */
export function parseCredentials(text: string, path: string): StoredCredentials {
  if (text.trim() === '') return { version: 1, servers: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ConfigInvalidError(`\`${path}\` is not JSON`, { cause: error });
  }
  const servers = (parsed as { servers?: unknown } | null)?.servers;
  if (typeof servers !== 'object' || servers === null || Array.isArray(servers))
    throw new ConfigInvalidError(`\`${path}\` has no \`servers\` object`);
  return { version: 1, servers: servers as StoredCredentials['servers'] };
}

/** The file's text with `token` kept for `url` (replacing the one it had). */
export function withStoredToken(
  existing: StoredCredentials,
  url: string,
  entry: { token: string; user?: string; savedAt: string },
): string {
  const servers = { ...existing.servers, [credentialsKey(url)]: entry };
  return `${JSON.stringify({ version: 1, servers }, null, 2)}\n`;
}

/** The token kept for `url`, if the file exists and has one. */
export async function readStoredToken(options: {
  env: Readonly<Record<string, string | undefined>>;
  url: string;
  readFile(path: string): Promise<string>;
}): Promise<string | undefined> {
  const path = credentialsPath(options.env);
  if (path === undefined) return undefined;
  let text: string;
  try {
    text = await options.readFile(path);
  } catch {
    return undefined;
  }
  return parseCredentials(text, path).servers[credentialsKey(options.url)]?.token;
}

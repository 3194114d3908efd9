import { readStoredToken } from './credentials.js';
import { TokenMissingError } from './errors.js';

/** Where {@link readToken} looks. */
export interface ReadTokenOptions {
  env: Readonly<Record<string, string | undefined>>;
  /** A token file given on the command line; wins over `DOCSYNC_TOKEN_FILE`. */
  tokenFile?: string | undefined;
  /** The service's URL: the token `docsync login` kept for it is the last resort. */
  url?: string | undefined;
  readFile(path: string): Promise<string>;
}

/**
 * The API token: `DOCSYNC_TOKEN`, else the first line of the token file (`--token-file` or
 * `DOCSYNC_TOKEN_FILE`), else the one `docsync login` kept for the service's URL (see
 * credentials.ts). Never from `docsync.json`, which is committed with the repository.
 */
export async function readToken(options: ReadTokenOptions): Promise<string> {
  const fromEnv = options.env['DOCSYNC_TOKEN'];
  if (fromEnv !== undefined && fromEnv.trim() !== '') return fromEnv.trim();
  const file = options.tokenFile ?? options.env['DOCSYNC_TOKEN_FILE'];
  if (file !== undefined && file !== '') {
    let text: string;
    try {
      text = await options.readFile(file);
    } catch (error) {
      throw new TokenMissingError(`cannot read the token file \`${file}\``, { cause: error });
    }
    const token = text.split(/\r?\n/)[0]?.trim() ?? '';
    if (token === '') throw new TokenMissingError(`the token file \`${file}\` is empty`);
    return token;
  }
  if (options.url !== undefined) {
    const stored = await readStoredToken({
      env: options.env,
      url: options.url,
      readFile: (path) => options.readFile(path),
    });
    if (stored !== undefined) return stored;
  }
  throw new TokenMissingError(
    'no API token: set `DOCSYNC_TOKEN` or `DOCSYNC_TOKEN_FILE` (or pass `--token-file`), or run `docsync login --url <url>`',
  );
}

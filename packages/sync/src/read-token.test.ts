import { describe, expect, it } from 'vitest';
import {
  credentialsKey,
  credentialsPath,
  parseCredentials,
  withStoredToken,
} from './credentials.js';
import { readToken } from './read-token.js';

/** A file system of one credentials file (or none). */
function filesOf(files: Record<string, string>) {
  return (path: string) => {
    const text = files[path];
    return text === undefined
      ? Promise.reject(Object.assign(new Error('ENOENT'), { code: 'ENOENT' }))
      : Promise.resolve(text);
  };
}

describe('readToken and the credentials docsync login keeps', () => {
  const stored = withStoredToken({ version: 1, servers: {} }, 'https://docs.example.com/', {
    token: 'dsk_stored',
    savedAt: '2025-01-01T00:00:00.000Z',
  });
  const readFile = filesOf({ '/xdg/docsync/credentials.json': stored, '/tok': 'dsk_file\n' });
  const env = { XDG_CONFIG_HOME: '/xdg' };

  it('keeps the file under XDG_CONFIG_HOME, else ~/.config, never under a relative path', () => {
    expect(credentialsPath({ XDG_CONFIG_HOME: '/xdg', HOME: '/home/a' })).toBe(
      '/xdg/docsync/credentials.json',
    );
    expect(credentialsPath({ XDG_CONFIG_HOME: 'rel', HOME: '/home/a' })).toBe(
      '/home/a/.config/docsync/credentials.json',
    );
    expect(credentialsPath({})).toBeUndefined();
    expect(credentialsKey('https://docs.example.com/')).toBe('https://docs.example.com');
  });

  it('reads the stored token for the URL when nothing else gives one', async () => {
    expect(await readToken({ env, url: 'https://docs.example.com', readFile })).toBe('dsk_stored');
    await expect(readToken({ env, url: 'https://other.example.com', readFile })).rejects.toThrow(
      /docsync login/,
    );
    await expect(readToken({ env: {}, url: 'https://docs.example.com', readFile })).rejects.toThrow(
      /no API token/,
    );
  });

  it('lets DOCSYNC_TOKEN and a token file win over the stored token', async () => {
    const url = 'https://docs.example.com';
    expect(await readToken({ env: { ...env, DOCSYNC_TOKEN: 'dsk_env' }, url, readFile })).toBe(
      'dsk_env',
    );
    expect(await readToken({ env, url, tokenFile: '/tok', readFile })).toBe('dsk_file');
  });

  it('refuses a credentials file that is not its format', () => {
    expect(() => parseCredentials('[1]', '/c.json')).toThrow(/servers/);
    expect(() => parseCredentials('{', '/c.json')).toThrow(/not JSON/);
    expect(parseCredentials('', '/c.json')).toEqual({ version: 1, servers: {} });
  });
});

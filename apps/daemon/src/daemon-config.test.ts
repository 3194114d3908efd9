import { describe, expect, it } from 'vitest';
import { DAEMON_DEFAULTS, parseDaemonConfig } from './daemon-config.js';
import { DaemonConfigError } from './daemon-errors.js';

const at = { file: 'daemon.yaml', baseDir: '/etc/docsync' };

function problemsOf(text: string) {
  try {
    parseDaemonConfig(text, at);
  } catch (error) {
    expect(error).toBeInstanceOf(DaemonConfigError);
    expect((error as DaemonConfigError).code).toBe('config-invalid');
    return (error as DaemonConfigError).problems;
  }
  throw new Error('the config was accepted');
}

describe('parseDaemonConfig', () => {
  it('fills in every default and resolves paths against the config file’s directory', () => {
    const config = parseDaemonConfig(
      [
        'url: https://docs.example.com/',
        'tokenFile: secrets/token',
        'repositories:',
        '  - path: repos/handbook',
        '    space: sp1',
        '',
      ].join('\n'),
      at,
    );
    expect(config).toEqual({
      url: 'https://docs.example.com',
      tokenFile: '/etc/docsync/secrets/token',
      stateDir: '/etc/docsync/.docsync-daemon',
      listen: { host: '127.0.0.1', port: 9464 },
      debounceMs: DAEMON_DEFAULTS.debounceMs,
      pollIntervalMs: DAEMON_DEFAULTS.pollIntervalMs,
      concurrency: 4,
      cacheSizeBytes: 32 * 1024 * 1024,
      cacheTtlMs: 120_000,
      retry: { initialMs: 1000, maxMs: 300_000 },
      staleLockAgeMs: 10_000,
      repositories: [
        {
          name: 'handbook',
          path: '/etc/docsync/repos/handbook',
          branch: 'main',
          directory: '',
          space: 'sp1',
          mode: 'change-request',
        },
      ],
    });
  });

  it('reads durations with units, an address and per-repository settings', () => {
    const config = parseDaemonConfig(
      [
        'url: http://127.0.0.1:8080',
        'listen: "[::1]:0"',
        'debounce: 500ms',
        'pollInterval: 1.5m',
        'concurrency: 2',
        'cacheSize: 8MB',
        'cacheTtl: 30s',
        'retry: { initial: 2s, max: 1h }',
        'staleLockAge: 250',
        'repositories:',
        '  - { name: api-docs, path: /srv/a, branch: docs, directory: ./docs/, space: s, mode: direct }',
        '',
      ].join('\n'),
      at,
    );
    expect(config.listen).toEqual({ host: '::1', port: 0 });
    expect([config.debounceMs, config.pollIntervalMs, config.staleLockAgeMs]).toEqual([
      500, 90_000, 250,
    ]);
    expect(config.retry).toEqual({ initialMs: 2000, maxMs: 3_600_000 });
    expect([config.cacheSizeBytes, config.cacheTtlMs]).toEqual([8 * 1024 * 1024, 30_000]);
    expect(config.tokenFile).toBeUndefined();
    expect(config.repositories[0]).toMatchObject({
      name: 'api-docs',
      branch: 'docs',
      directory: 'docs',
      mode: 'direct',
    });
  });

  it('reports every problem with its line and column', () => {
    const problems = problemsOf(
      [
        'url: ftp://x',
        'concurrency: 0',
        'colour: blue',
        'cacheSize: huge',
        'repositories:',
        '  - path: /srv/a',
        '    mode: pr',
        '  - space: s',
        '',
      ].join('\n'),
    );
    expect(problems.map((p) => [p.line, p.column])).toEqual([
      [1, 6],
      [2, 14],
      [3, 1],
      [4, 12],
      [6, 5],
      [7, 11],
      [8, 5],
    ]);
    expect(problems[0]?.message).toContain('`url` must be an http(s) URL');
    expect(problems[2]?.message).toContain('unknown key `colour`');
    expect(problems[3]?.message).toContain('`cacheSize` must be a size such as `512kB`');
    expect(problems[4]?.message).toBe('`repositories[0].space` is required');
    expect(problems[6]?.message).toBe('`repositories[1].path` is required');
  });

  it('names the file and position of a YAML syntax error', () => {
    const problems = problemsOf('url: http://x\nrepositories:\n  - path: [unclosed\n');
    expect(problems[0]?.line).toBeGreaterThanOrEqual(3);
    let message = '';
    try {
      parseDaemonConfig('url: http://x\nrepositories:\n  - path: [unclosed\n', at);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^daemon\.yaml:\d+:\d+: /);
  });

  it('refuses two repositories with the same name and names with odd characters', () => {
    const problems = problemsOf(
      [
        'url: http://x',
        'repositories:',
        '  - { path: /a/docs, space: s }',
        '  - { path: /b/docs, space: t }',
        '  - { name: "a b", path: /c, space: u }',
        '',
      ].join('\n'),
    );
    expect(problems.map((p) => p.line)).toEqual([4, 5]);
    expect(problems[0]?.message).toContain('two repositories are named `docs`');
  });

  it('needs at least one repository and a mapping at the top', () => {
    expect(problemsOf('url: http://x\nrepositories: []\n')[0]?.message).toContain(
      '`repositories` must be a list of at least one repository',
    );
    expect(problemsOf('- a\n- b\n')[0]?.message).toContain('must be a mapping');
  });
});

import { execFileSync } from 'node:child_process';

/**
 * Runs the real git binary in a repository: tests use it as the reference that what this
 * package writes is a repository git itself accepts, and that what it reads matches git.
 */
export function gitCli(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-C', dir, ...args], {
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: dir },
  }).trim();
}

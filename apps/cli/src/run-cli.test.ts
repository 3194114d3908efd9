import * as fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { CliIo } from './cli-io.js';
import { ExitCode } from './exit-codes.js';
import { runCli } from './run-cli.js';

function bufferedIo(): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    readFile: (path) => Promise.reject(new Error(`no files here: ${path}`)),
    readStdin: () => Promise.resolve(''),
    fs,
    cwd: '/',
    env: {},
  };
}

describe('runCli', () => {
  it('prints the version and exits 0', async () => {
    const io = bufferedIo();
    expect(await runCli(['--version'], io, '1.2.3')).toBe(ExitCode.ok);
    expect(io.out.join('')).toBe('1.2.3\n');
    expect(io.err).toEqual([]);
  });

  it('prints help to stdout and exits 0', async () => {
    const io = bufferedIo();
    expect(await runCli(['--help'], io, '1.2.3')).toBe(ExitCode.ok);
    const help = io.out.join('');
    expect(help).toMatch(/^Usage: docsync \[options\]/);
    expect(help).toContain('--version');
    expect(help).toContain('Exit codes: 0 ok, 1 failure, 2 usage error, 3 sync conflicts.');
  });

  it('treats an unknown option as a usage error (exit 2) and says what was wrong', async () => {
    const io = bufferedIo();
    expect(await runCli(['--frobnicate'], io, '1.2.3')).toBe(ExitCode.usage);
    expect(io.err.join('')).toContain("unknown option '--frobnicate'");
    expect(io.out).toEqual([]);
  });

  it('treats an unknown command as a usage error (exit 2)', async () => {
    const io = bufferedIo();
    expect(await runCli(['frobnicate'], io, '1.2.3')).toBe(ExitCode.usage);
    expect(io.err.join('')).toContain('frobnicate');
  });

  it('prints help to stderr and exits 2 when called with no arguments', async () => {
    const io = bufferedIo();
    expect(await runCli([], io, '1.2.3')).toBe(ExitCode.usage);
    expect(io.err.join('')).toMatch(/^Usage: docsync/);
  });
});

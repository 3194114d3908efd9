import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const docsync = `${root}node_modules/.bin/docsync`;
const cliPackage = JSON.parse(
  readFileSync(new URL('../../apps/cli/package.json', import.meta.url), 'utf8'),
) as { version: string };

async function exitCodeOf(
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(docsync, args, { cwd: root });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('the docsync binary installed by npm ci', () => {
  it('runs on the pinned Node 24', () => {
    expect(process.versions.node.split('.')[0]).toBe('24');
  });

  it('prints the version of apps/cli', async () => {
    expect(await exitCodeOf(['--version'])).toEqual({
      code: 0,
      stdout: `${cliPackage.version}\n`,
      stderr: '',
    });
  });

  it('exits 2 with a message on stderr for a usage error', async () => {
    const result = await exitCodeOf(['--no-such-option']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown option '--no-such-option'");
  });
});

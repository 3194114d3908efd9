import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { makeTempDir, type TempDir } from '@docsync/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const docsync = `${root}node_modules/.bin/docsync`;

/** A page as a person writes it, with front matter, a hint, a list and a code block. */
const handWritten = `---
description: How to install the app.
---

# Install

{% hint style="info" %}
You need Android 8 or later.
{% endhint %}

- Download the APK
- Open it and tap *Install*

\`\`\`sh
adb install app.apk
\`\`\`
`;

/** The same page as docsync (and GitBook's exporter) writes it. */
const normalized = handWritten
  .replace('- Download', '* Download')
  .replace('- Open it and tap *Install*', '* Open it and tap _Install_');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the installed `docsync` binary in `cwd`, writing `stdin` to its standard input. */
function run(args: string[], cwd: string, stdin = ''): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(docsync, args, { cwd, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(stdin);
  });
}

let dir: TempDir;
beforeEach(async () => {
  dir = await makeTempDir('e2e-convert');
});
afterEach(async () => {
  await dir.remove();
});

describe('docsync convert (the installed binary)', { timeout: 30_000 }, () => {
  it('round-trips a page md → json → md into the normalized form, which --check accepts', async () => {
    await dir.write('install.md', handWritten);

    const toJson = await run(['convert', 'install.md'], dir.path);
    expect(toJson).toMatchObject({ code: 0, stderr: '' });
    const page = JSON.parse(toJson.stdout) as {
      metadata: { title?: string; description?: string };
      document: { object: string; nodes: { type: string }[] };
    };
    expect(page.metadata).toEqual({ title: 'Install', description: 'How to install the app.' });
    expect(page.document.object).toBe('document');
    expect(page.document.nodes.map((node) => node.type)).toEqual([
      'hint',
      'list-unordered',
      'code',
    ]);
    expect(toJson.stdout.startsWith('{\n  "metadata": {\n')).toBe(true);

    await dir.write('install.json', toJson.stdout);
    const toMarkdown = await run(['convert', 'install.json'], dir.path);
    expect(toMarkdown).toEqual({ code: 0, stdout: normalized, stderr: '' });

    await dir.write('normalized.md', toMarkdown.stdout);
    expect(await run(['convert', '--check', 'normalized.md'], dir.path)).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
  });

  it('exits 1 from --check on the hand-written page, naming the first differing line', async () => {
    await dir.write('install.md', handWritten);

    const result = await run(['convert', '--check', 'install.md'], dir.path);

    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^install\.md:11: not normalized\n/);
  });

  it('converts through a pipe: markdown on stdin to JSON, and JSON on stdin back', async () => {
    const toJson = await run(['convert', '-'], dir.path, normalized);
    expect(toJson.code).toBe(0);

    const back = await run(['convert', '--from', 'json', '-'], dir.path, toJson.stdout);
    expect(back).toEqual({ code: 0, stdout: normalized, stderr: '' });
  });

  it('exits 1 naming a missing file and 2 for an unknown extension', async () => {
    const missing = await run(['convert', 'missing.md'], dir.path);
    expect(missing).toEqual({
      code: 1,
      stdout: '',
      stderr: 'docsync: cannot read `missing.md`: no such file\n',
    });

    const unknown = await run(['convert', 'page.txt'], dir.path);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('`page.txt`');
  });

  it('exits 1 with FILE:LINE:COL for a JSON file that does not parse', async () => {
    await dir.write('page.json', '{\n  "metadata": {},,\n}\n');

    const result = await run(['convert', 'page.json'], dir.path);

    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^page\.json:2:18: error: invalid JSON: /);
  });
});

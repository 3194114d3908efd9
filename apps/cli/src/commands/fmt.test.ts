import { readFile } from 'node:fs/promises';
import { makeTempDir, type TempDir } from '@docsync/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExitCode } from '../exit-codes.js';
import { runDocsync } from '../testing/run-docsync.js';

let dir: TempDir;
beforeEach(async () => {
  dir = await makeTempDir('cli-fmt');
});
afterEach(async () => {
  await dir.remove();
});

const handWritten = {
  'SUMMARY.md': '# Summary\n\n- [Home](README.md)\n- [Guide](guide.md)\n',
  'README.md': '# Home\n\n- one\n- two\n',
  'guide.md': '# Guide\n\nSome *italic* text.\n',
  'notes.md': '# Notes (not listed)\n\n- kept as it is\n',
};

async function writeTree(files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) await dir.write(path, text);
}

describe('docsync fmt', () => {
  it('rewrites a hand-written tree in place, says what changed, and leaves unlisted files alone', async () => {
    await writeTree(handWritten);
    const run = await runDocsync(['fmt'], dir.path);
    expect(run.code).toBe(ExitCode.ok);
    expect(run.stdout).toBe(
      'M README.md\nM SUMMARY.md\nM guide.md\n? notes.md (not imported by sync: left as it is)\n',
    );
    expect(await dir.read('SUMMARY.md')).toBe(
      '# Table of contents\n\n* [Home](README.md)\n* [Guide](guide.md)\n',
    );
    expect(await dir.read('README.md')).toBe('# Home\n\n* one\n* two\n');
    expect(await dir.read('guide.md')).toBe('# Guide\n\nSome _italic_ text.\n');
    expect(await dir.read('notes.md')).toBe(handWritten['notes.md']);

    const again = await runDocsync(['fmt', '--check'], dir.path);
    expect(again.code).toBe(ExitCode.ok);
  });

  it('formats every space a docs.yaml maps, each in its own directory', async () => {
    const docsYaml =
      'site:\n  structure:\n    - {type: space, key: a, content: {directory: ./guides}}\n    - {type: space, key: b, content: {directory: api}}\n';
    await writeTree({
      'docs.yaml': docsYaml,
      ...Object.fromEntries(Object.entries(handWritten).map(([p, t]) => [`guides/${p}`, t])),
      'api/README.md': '# API\n',
      'api/SUMMARY.md': '# Table of contents\n\n* [API](README.md)\n',
      'scratch.md': '# Not in any space\n',
    });
    const run = await runDocsync(['fmt'], dir.path);
    expect(run.code).toBe(ExitCode.ok);
    expect(run.stdout).toBe(
      [
        'M guides/README.md',
        'M guides/SUMMARY.md',
        'M guides/guide.md',
        '? guides/notes.md (not imported by sync: left as it is)',
        '? scratch.md (not imported by sync: left as it is)',
        '',
      ].join('\n'),
    );
    expect(await dir.read('guides/README.md')).toBe('# Home\n\n* one\n* two\n');
    expect(await dir.read('docs.yaml')).toBe(docsYaml);
    expect((await runDocsync(['fmt', '--check'], dir.path)).code).toBe(ExitCode.ok);
  });

  it('--check reports and writes nothing', async () => {
    await writeTree(handWritten);
    const run = await runDocsync(['fmt', '--check', '.'], dir.path);
    expect(run.code).toBe(ExitCode.failure);
    expect(run.stdout).toContain('M guide.md\n');
    expect(run.stderr).toContain('3 files in `.` not in canonical form');
    expect(await dir.read('guide.md')).toBe(handWritten['guide.md']);
  });

  it('--out writes the canonical tree elsewhere, assets included', async () => {
    await writeTree({ ...handWritten, '.gitbook/assets/logo.png': 'PNG bytes' });
    await dir.write('guide.md', '# Guide\n\n![logo](.gitbook/assets/logo.png)\n');
    const run = await runDocsync(['fmt', 'src-dir-is-cwd', '--out', 'out'], dir.path).catch(
      () => undefined,
    );
    expect(run?.code).toBe(ExitCode.failure);
    const ok = await runDocsync(['fmt', '.', '--out', 'out'], dir.path);
    expect(ok.code).toBe(ExitCode.ok);
    expect(await readFile(dir.join('out/.gitbook/assets/logo.png'), 'utf8')).toBe('PNG bytes');
    expect(await dir.read('out/guide.md')).toBe('# Guide\n\n![logo](.gitbook/assets/logo.png)\n');
    expect(await dir.read('README.md')).toBe(handWritten['README.md']);
  });

  it('keeps a SUMMARY.md entry naming a missing file as written, and says which (issue 19)', async () => {
    await writeTree({
      ...handWritten,
      'SUMMARY.md': '# Summary\n\n- [Home](README.md)\n- [Gone](gone.md)\n',
    });
    const run = await runDocsync(['fmt'], dir.path);
    expect(run.code).toBe(ExitCode.ok);
    expect(run.stderr).toContain(
      'SUMMARY.md: warning: SUMMARY.md lists `gone.md`, which is not in the tree; the entry is kept as a link [summary-missing-file]',
    );
    expect(await dir.read('SUMMARY.md')).toContain('* [Gone](gone.md)\n');
  });

  it('fails clearly on a directory that does not exist', async () => {
    const run = await runDocsync(['fmt', 'nope'], dir.path);
    expect(run.code).toBe(ExitCode.failure);
    expect(run.stderr).toContain('cannot read `nope`: no such directory');
  });
});

import { parsePage, renderPage } from '@docsync/core';
import { makeTempDir, type TempDir } from '@docsync/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExitCode } from '../exit-codes.js';
import { runDocsync } from '../testing/run-docsync.js';

/** A page in the form docsync writes: `renderPage(parsePage(page)) === page`. */
const normalizedPage = '# Getting started\n\n* one\n* two\n\nSome _italic_ text.\n';
/** The same page as a person might write it: `-` bullets, `*italic*`. */
const handWrittenPage = '# Getting started\n\n- one\n- two\n\nSome *italic* text.\n';
/** A page with content docsync keeps verbatim and reports: an unknown tag, inline HTML. */
const pageWithDiagnostics = '# Notes\n\n{% frobnicate %}\n\nText <span>x</span> y.\n';

let dir: TempDir;
beforeEach(async () => {
  dir = await makeTempDir('cli-convert');
});
afterEach(async () => {
  await dir.remove();
});

/** Runs `docsync …` in-process in the temp dir, with real files and `stdin` as standard input. */
const docsync = (args: string[], stdin = '') => runDocsync(args, dir.path, stdin);

describe('docsync convert page.md', () => {
  it('prints {metadata, document} as 2-space JSON and exits 0', async () => {
    await dir.write('page.md', normalizedPage);
    const { metadata, document } = parsePage(normalizedPage);

    expect(await docsync(['convert', 'page.md'])).toEqual({
      code: ExitCode.ok,
      stdout: `${JSON.stringify({ metadata, document }, null, 2)}\n`,
      stderr: '',
    });
  });

  it('writes diagnostics to stderr as FILE:LINE:COL: SEVERITY: MESSAGE [rule] and still exits 0', async () => {
    await dir.write('notes/page.md', pageWithDiagnostics);
    const { diagnostics } = parsePage(pageWithDiagnostics);
    expect(diagnostics.length).toBeGreaterThan(0);

    const result = await docsync(['convert', 'notes/page.md']);

    expect(result.code).toBe(ExitCode.ok);
    expect(JSON.parse(result.stdout)).toHaveProperty('document.object', 'document');
    expect(result.stderr.split('\n').filter(Boolean)).toEqual(
      diagnostics.map(
        (d) =>
          `notes/page.md:${d.line ?? '?'}:${d.column ?? '?'}: ${d.severity}: ${d.message} [${d.ruleId}]`,
      ),
    );
    expect(result.stderr).toMatch(/^notes\/page\.md:3:1: warning: .+ \[unknown-tag\]$/m);
  });

  it('prints the JSON but exits 1 when a diagnostic is an error (front matter that is not YAML)', async () => {
    await dir.write('broken.md', '---\ntitle: [unclosed\n---\n\nText.\n');

    const result = await docsync(['convert', 'broken.md']);

    expect(result.code).toBe(ExitCode.failure);
    expect(JSON.parse(result.stdout)).toHaveProperty('metadata.rawFrontMatter');
    expect(result.stderr).toMatch(/^broken\.md:\d+(:\d+)?: error: .+ \[front-matter-yaml\]$/m);
    expect(result.stderr).toContain('docsync: `broken.md` has 1 error');
  });

  it('reads markdown from standard input when the file is -', async () => {
    const result = await docsync(['convert', '-'], normalizedPage);

    expect(result.code).toBe(ExitCode.ok);
    expect(JSON.parse(result.stdout)).toEqual({
      metadata: parsePage(normalizedPage).metadata,
      document: parsePage(normalizedPage).document,
    });
  });
});

describe('docsync convert page.json', () => {
  it('prints the markdown of {metadata, document}: md → json → md gives the normalized page', async () => {
    await dir.write('page.md', handWrittenPage);
    const json = await docsync(['convert', 'page.md']);
    await dir.write('page.json', json.stdout);

    expect(await docsync(['convert', 'page.json'])).toEqual({
      code: ExitCode.ok,
      stdout: normalizedPage,
      stderr: '',
    });
  });

  it('accepts a bare document and writes it without front matter or title', async () => {
    const { document } = parsePage(normalizedPage);
    await dir.write('body.json', JSON.stringify(document));

    const result = await docsync(['convert', 'body.json']);

    expect(result).toEqual({
      code: ExitCode.ok,
      stdout: '* one\n* two\n\nSome _italic_ text.\n',
      stderr: '',
    });
  });

  it('reads JSON from standard input with --from json', async () => {
    const { metadata, document } = parsePage(normalizedPage);

    const result = await docsync(
      ['convert', '--from', 'json', '-'],
      JSON.stringify({ metadata, document }),
    );

    expect(result).toEqual({ code: ExitCode.ok, stdout: normalizedPage, stderr: '' });
  });

  it('exits 1 with FILE:LINE:COL for JSON that does not parse', async () => {
    await dir.write('page.json', '{\n  "metadata": {},\n  document: {}\n}\n');

    const result = await docsync(['convert', 'page.json']);

    expect(result.code).toBe(ExitCode.failure);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^page\.json:3:3: error: invalid JSON: .+ \[json-syntax\]\n/);
    expect(result.stderr).toContain('docsync: `page.json` is not valid JSON');
  });

  it('places truncated JSON at its end', async () => {
    await dir.write('page.json', '{\n  "metadata": ');

    const result = await docsync(['convert', 'page.json']);

    expect(result.code).toBe(ExitCode.failure);
    expect(result.stderr).toMatch(/^page\.json:2:15: error: invalid JSON: Unexpected end/);
  });

  it.each([
    ['an array', '[1, 2]', 'found an array'],
    ['an object of another kind', '{"title": "x"}', 'found an object with keys `title`'],
    [
      'a document whose nodes are not blocks',
      '{"object": "document", "nodes": [{"text": "x"}]}',
      '`document.nodes[0]` is not a block',
    ],
    [
      'a page whose metadata is not an object',
      '{"metadata": [], "document": {"object": "document", "nodes": []}}',
      '`metadata` is an array',
    ],
  ])('exits 1 naming the file and what was expected for %s', async (_, json, found) => {
    await dir.write('page.json', json);

    const result = await docsync(['convert', 'page.json']);

    expect(result.code).toBe(ExitCode.failure);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^page\.json: error: .+ \[not-a-document\]\n/);
    expect(result.stderr).toContain(found);
    expect(result.stderr).toContain('docsync: `page.json` is not a docsync page or document');
  });
});

describe('docsync convert --check', () => {
  it('exits 0 and prints nothing when every file is normalized', async () => {
    await dir.write('a.md', normalizedPage);
    await dir.write('b.md', renderPage(parsePage(pageWithDiagnostics)));

    expect(await docsync(['convert', '--check', 'a.md', 'b.md'])).toEqual({
      code: ExitCode.ok,
      stdout: '',
      stderr: '',
    });
  });

  it('exits 1 naming each file that is not normalized at its first differing line', async () => {
    await dir.write('good.md', normalizedPage);
    await dir.write('docs/bad.md', handWrittenPage);

    const result = await docsync(['convert', '--check', 'good.md', 'docs/bad.md']);

    expect(result.code).toBe(ExitCode.failure);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^docs\/bad\.md:3: not normalized\n {2}found: {4}"- one"\n {2}expected: "\* one"\n/,
    );
    expect(result.stderr).not.toContain('good.md');
    expect(result.stderr).toContain('docsync: --check failed: 1 not normalized (of 2 files)');
  });

  it('reports CRLF line endings at line 1 and a missing final newline after the last line', async () => {
    await dir.write('crlf.md', normalizedPage.replaceAll('\n', '\r\n'));
    await dir.write('no-eol.md', normalizedPage.slice(0, -1));

    const result = await docsync(['convert', '--check', 'crlf.md', 'no-eol.md']);

    expect(result.code).toBe(ExitCode.failure);
    expect(result.stderr).toContain('crlf.md:1: not normalized');
    expect(result.stderr).toContain('no-eol.md:7: not normalized');
  });

  it('checks standard input given as -', async () => {
    expect((await docsync(['convert', '--check', '-'], normalizedPage)).code).toBe(ExitCode.ok);
    const result = await docsync(['convert', '--check', '-'], handWrittenPage);
    expect(result.code).toBe(ExitCode.failure);
    expect(result.stderr).toContain('<stdin>:3: not normalized');
  });

  it('goes on past a file it cannot read and then exits 1', async () => {
    await dir.write('bad.md', handWrittenPage);

    const result = await docsync(['convert', '--check', 'missing.md', 'bad.md']);

    expect(result.code).toBe(ExitCode.failure);
    expect(result.stderr).toContain('docsync: cannot read `missing.md`: no such file');
    expect(result.stderr).toContain('bad.md:3: not normalized');
    expect(result.stderr).toContain('1 not normalized, 1 unreadable (of 2 files)');
  });

  it('is a usage error (exit 2) for a JSON file', async () => {
    await dir.write('page.json', '{}');

    const result = await docsync(['convert', '--check', 'page.json']);

    expect(result.code).toBe(ExitCode.usage);
    expect(result.stderr).toContain('`page.json`');
  });
});

describe('docsync convert failures', () => {
  it('exits 1 naming a file that does not exist', async () => {
    const result = await docsync(['convert', 'missing.md']);

    expect(result).toEqual({
      code: ExitCode.failure,
      stdout: '',
      stderr: 'docsync: cannot read `missing.md`: no such file\n',
    });
  });

  it('exits 1 naming a directory given as a file', async () => {
    await dir.write('folder.md/page.md', normalizedPage);

    const result = await docsync(['convert', 'folder.md']);

    expect(result.code).toBe(ExitCode.failure);
    expect(result.stderr).toBe('docsync: cannot read `folder.md`: it is a directory\n');
  });

  it.each([
    ['an unknown extension', ['convert', 'page.txt'], 'cannot tell the format of `page.txt`'],
    ['several files without --check', ['convert', 'a.md', 'b.md'], 'convert takes one file'],
    ['stdin twice', ['convert', '--check', '-', '-'], 'only once'],
    ['an unknown --from', ['convert', '--from', 'yaml', 'page.md'], "argument 'yaml' is invalid"],
    ['no file', ['convert'], "missing required argument 'files'"],
  ])('is a usage error (exit 2) for %s, before reading anything', async (_, args, message) => {
    const result = await docsync(args);

    expect(result.code).toBe(ExitCode.usage);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
  });

  it('reads a file of another extension with --from', async () => {
    await dir.write('page.markdown', normalizedPage);

    const result = await docsync(['convert', '--from', 'md', 'page.markdown']);

    expect(result.code).toBe(ExitCode.ok);
    expect(JSON.parse(result.stdout)).toHaveProperty('metadata.title', 'Getting started');
  });
});

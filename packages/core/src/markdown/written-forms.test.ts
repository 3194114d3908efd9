/**
 * One test per cause of issue 19 fixed in the converter, each from a few lines of a real page in
 * ../shared/corpora (the corpus and file named): the page comes back byte for byte, and what it
 * says is what the exporter's form says.
 */
import { describe, expect, it } from 'vitest';
import { parsePage } from './parse-page.js';
import { renderPage } from './render-page.js';

const roundTrip = (markdown: string) => renderPage(parsePage(markdown));

/** The page without written forms: what GitBook's exporter of today writes for it. */
function exporterForm(markdown: string): string {
  const page = parsePage(markdown);
  const plain = JSON.parse(
    JSON.stringify(page, (key, value: unknown) =>
      key === 'source' ||
      key === 'urlSource' ||
      key === 'titleSource' ||
      key === 'textSource' ||
      key === 'unpadded' ||
      key === 'oneSpace' ||
      key === 'markerAlone'
        ? undefined
        : value,
    ),
  ) as typeof page;
  return renderPage(plain);
}

/** `page` comes back byte for byte, and `exporter` is what the exporter writes for it. */
function expectKept(page: string, exporter: string): void {
  expect(roundTrip(page)).toBe(page);
  expect(exporterForm(page)).toBe(exporter);
}

describe('written forms the 2018–21 exporter chose come back (issue 19)', () => {
  it('keeps `\\_` and `\\(` escapes in text and in the # title (pgsql-tw auth_delay.md)', () => {
    const page = [
      '# F.3. auth\\_delay',
      '',
      'auth\\_delay 讓伺服器在回報身份驗證失敗之前會短暫暫停 \\(MAC\\)。',
      '',
    ].join('\n');
    expect(roundTrip(page)).toBe(page);
    expect(parsePage(page).metadata.title).toBe('F.3. auth_delay');
    expect(exporterForm(page)).toBe(
      '# F.3. auth_delay\n\nauth_delay 讓伺服器在回報身份驗證失敗之前會短暫暫停 (MAC)。\n',
    );
  });

  it('keeps escapes in a link destination (pgsql-tw pg_dumpall.md)', () => {
    const page = '參閱 [pg\\_dump](pg\\_dump.md) 以瞭解相關錯誤情況的詳細資訊。\n';
    expectKept(page, '參閱 [pg_dump](pg_dump.md) 以瞭解相關錯誤情況的詳細資訊。\n');
  });

  it('drops a written form once the text it was written for changes', () => {
    const page = parsePage('auth\\_delay\n');
    const [paragraph] = page.document.nodes;
    const text = paragraph?.type === 'paragraph' ? paragraph.nodes[0] : undefined;
    if (text?.object !== 'text') throw new Error('expected text');
    const [leaf] = text.leaves;
    if (leaf === undefined) throw new Error('expected a leaf');
    expect(leaf.source).toBe('auth\\_delay');
    leaf.text = 'auth_timeout';
    expect(renderPage(page)).toBe('auth_timeout\n');
  });

  it('writes a hard break ending a paragraph as the exporter did, `\\` alone or with its line ending (pgsql-tw bloom.md, 42.5.-basic-statements.md)', () => {
    const lone = 'Teodor Sigaev, Postgres Professional, Moscow, Russia\\\n\nAlexander Korotkov\n';
    expect(roundTrip(lone)).toBe(lone);
    const [paragraph] = parsePage(lone).document.nodes;
    expect(paragraph?.type === 'paragraph' && paragraph.nodes[0]).toMatchObject({
      leaves: [{ text: 'Teodor Sigaev, Postgres Professional, Moscow, Russia\n' }],
    });
    const withLineEnding = 'It is also more efficient.\\\n\n\nA much larger example.\n';
    expect(roundTrip(withLineEnding)).toBe(withLineEnding);
  });

  it("keeps a hard break ending an item's paragraph with its line ending before the next item (secoda-docs salesforce-integration/README.md)", () => {
    const page = [
      '2. Follow the instruction below to complete the form to create new Connected App&#x20;',
      '   * There are no specific requirements for what you name the app \\',
      '',
      "3. If you're using Username & Password flow (tab **Password**):",
      '   * Tick `Enable OAuth Settings`',
      '',
    ].join('\n');
    expect(roundTrip(page)).toBe(page);
    expect(parsePage(page).document.nodes).toMatchObject([
      { type: 'list-ordered', data: { start: 2 }, nodes: [{}, {}] },
    ]);
    expect(exporterForm(page)).toBe(page.replace('\\\n\n', '\\\n'));
  });

  it('keeps a hard break ending a paragraph in a block quote with its line ending (secoda-docs onboarding-email-templates.md)', () => {
    const page = [
      "> We've recently implemented a new data management tool. With this platform, you'll be able to:\\",
      '>',
      '>',
      '> * Search in plain language to find information about the data in our organization',
      '>',
      '>',
      '>',
      '> You can read more about the product [here](../../secoda-as-a-viewer/introduction-guide.md).\\',
      '>',
      '',
    ].join('\n');
    expect(roundTrip(page)).toBe(page);
    expect(parsePage(page).document.nodes).toMatchObject([
      { type: 'blockquote', nodes: [{}, {}, { type: 'paragraph' }, {}] },
    ]);
  });

  it('keeps a space ending a paragraph, written bare (pentest-book ports.md)', () => {
    const page = [
      '## Port 2100 - Oracle XML DB',
      '',
      'Default passwords: ',
      '',
      '[https://docs.oracle.com/cd/B10501\\_01/win.920/a95490/username.htm](https://docs.oracle.com/cd/B10501_01/win.920/a95490/username.htm)',
      '',
    ].join('\n');
    expect(roundTrip(page)).toBe(page);
    expect(parsePage(page).document.nodes[1]).toMatchObject({
      nodes: [{ leaves: [{ text: 'Default passwords: ' }] }],
    });
    expect(exporterForm(page)).toContain('Default passwords:&#x20;\n');
  });

  it('keeps hard breaks written as two spaces (pgsql-tw copy.md)', () => {
    const page = '**注意**  \n如果 COPY 的欄位列表不完整。\n';
    expectKept(page, '**注意**\\\n如果 COPY 的欄位列表不完整。\n');
  });

  it('keeps `*`, `~` and `_` left bare where they make no emphasis (pgsql-tw release-14.md, vacuumdb.md, geometric-types.md)', () => {
    const page = [
      '**Release date: **2021-09-30',
      '',
      '有一個 ~/.pgpass 檔案的話會很方便。',
      '',
      'the linear equation _`A`_x + _`B`_y = 0',
      '',
    ].join('\n');
    expectKept(
      page,
      [
        '\\*\\*Release date: \\*\\*2021-09-30',
        '',
        '有一個 \\~/.pgpass 檔案的話會很方便。',
        '',
        'the linear equation \\_`A`\\_x + \\_`B`\\_y = 0',
        '',
      ].join('\n'),
    );
  });

  it('escapes bare markup once it would make emphasis beside other text', () => {
    const page = parsePage('x ~/a\n\nb~ y\n');
    const [first, second] = page.document.nodes;
    if (first?.type !== 'paragraph' || second?.type !== 'paragraph') throw new Error('paragraphs');
    const [text, next] = [first.nodes[0], second.nodes[0]];
    if (text?.object !== 'text' || next?.object !== 'text') throw new Error('expected text');
    text.leaves.push(...next.leaves);
    page.document.nodes = [first];
    expect(renderPage(page)).toBe('x \\~/ab\\~ y\n');
  });

  it('keeps spread list items written with one space after the marker and a blank line after them (pgsql-tw 05_bug-reporting.md)', () => {
    const page = [
      '* 程式執行步驟的確切順序是重現問題所必需的。',
      '',
      '  SQL 相關問題的測試最佳格式是可以透過 `psql` 執行。',
      '',
      '* 你所期待的輸出情況對於情境說明非常重要。',
      '* 任何命令列選項和其他啟動選項。',
      '',
    ].join('\n');
    expectKept(
      page,
      [
        '*   程式執行步驟的確切順序是重現問題所必需的。',
        '',
        '    SQL 相關問題的測試最佳格式是可以透過 `psql` 執行。',
        '* 你所期待的輸出情況對於情境說明非常重要。',
        '* 任何命令列選項和其他啟動選項。',
        '',
      ].join('\n'),
    );
  });

  it('keeps a list item written with its marker alone on the line, its nested list below (pgsql-tw lexical-structure.md)', () => {
    const page = [
      '## 4.1.3. 運算子（Operators）',
      '',
      '*',
      '  * \\* / <> = \\~ ! @ # % ^ & | \\` ?',
      '',
      '還有一些運算子的限制：',
      '',
    ].join('\n');
    expectKept(
      page,
      [
        '## 4.1.3. 運算子（Operators）',
        '',
        '* * \\* / <> = \\~ ! @ # % ^ & | \\` ?',
        '',
        '還有一些運算子的限制：',
        '',
      ].join('\n'),
    );
  });

  it("keeps escapes in a pipe table's header (secoda-docs create-your-csv.md, pgsql-tw genetic-algorithms.md)", () => {
    const page = [
      '| col\\_name | P\\(t\\) |',
      '| --------- | ------ |',
      '| a         | b      |',
      '',
    ].join('\n');
    expectKept(
      page,
      ['| col_name | P(t) |', '| -------- | ---- |', '| a        | b    |', ''].join('\n'),
    );
  });

  it('keeps backticks left bare where they open no code span (pgsql-tw pg_extension.md)', () => {
    const page = '``[`pg_authid`](pg\\_authid.md).oid\n';
    expectKept(page, '\\`\\`[`pg_authid`](pg_authid.md).oid\n');
  });

  it("keeps escapes in a mention's text (secoda-docs documentation-best-practices.md)", () => {
    const page =
      'Set those up here[#h\\_3a4bfd6458](../features/notifications.md#h_3a4bfd6458 "mention").\n';
    expectKept(
      page,
      'Set those up here[#h_3a4bfd6458](../features/notifications.md#h_3a4bfd6458 "mention").\n',
    );
    expect(parsePage(page).document.nodes[0]).toMatchObject({
      nodes: [{}, { type: 'mention', data: { text: '#h_3a4bfd6458' } }, {}],
    });
  });

  it('keeps a space starting a pipe cell, written bare after `| ` (pentest-book bugbounty.md)', () => {
    const page = [
      '| Issue type                     | PoC                                         |',
      '| ------------------------------ | ------------------------------------------- |',
      '| Local file read                | Make sure to only retrieve a harmless file. |',
      '| XML external entity processing |  Output random harmless data.               |',
      '',
    ].join('\n');
    expect(roundTrip(page)).toBe(page);
    expect(JSON.stringify(parsePage(page).document)).toContain('" Output random harmless data."');
    expect(exporterForm(page)).toContain('| &#x20;Output random harmless data.');
  });

  it('writes a pipe table read without column padding without it (pgsql-tw b.2.-ri-qi-shi-jian-guan-yong-zi.md)', () => {
    const page = ['| 月份 | 縮寫 |', '| :--- | :--- |', '| January | Jan |', '| May |  |', ''].join(
      '\n',
    );
    expectKept(
      page,
      [
        '| 月份      | 縮寫  |',
        '| :------ | :-- |',
        '| January | Jan |',
        '| May     |     |',
        '',
      ].join('\n'),
    );
  });
});

describe('what every exporter writes comes back (issue 19)', () => {
  it('reads bare URLs and e-mail addresses as text and writes them as they are (secoda-docs security-policy.md, bug-bounty-program.md)', () => {
    const page = [
      'Contact support@secoda.co if you have any questions or comments.',
      '',
      '* https://app.secoda.co',
      '',
    ].join('\n');
    expect(roundTrip(page)).toBe(page);
    expect(JSON.stringify(parsePage(page).document)).not.toContain('"link"');
  });

  it('keeps an empty paragraph between the # title and the first block (pentest-book aws.md)', () => {
    const page = '# AWS\n\n\n\n## AWS basic info\n';
    expect(roundTrip(page)).toBe(page);
    expect(parsePage(page).document.nodes[0]).toMatchObject({ type: 'paragraph' });
  });

  it("writes a `#` in an embed url bare, as today's exporter does, and `\\#` where written so (nso-docs xpath.md, git-sync-normalization page-link.md)", () => {
    const bare = '{% embed url="https://datatracker.ietf.org/doc/html/rfc7950#section-10" %}\n';
    expect(roundTrip(bare)).toBe(bare);
    const escaped = '{% embed url="https://shoulditbeameeting.com/\\#/" %}\n';
    expect(roundTrip(escaped)).toBe(escaped);
    expect(parsePage(escaped).document.nodes[0]).toMatchObject({
      data: { url: 'https://shoulditbeameeting.com/#/' },
    });
  });

  it('keeps a carriage return inside a line as text (bdi-reference-architecture token-exchange-…md)', () => {
    const page =
      'The foundation of the BDI are Associations. Within an Association, members can obtain access\r\\\nto data.\n\n\r\n';
    expect(roundTrip(page)).toBe(page);
    const [paragraph] = parsePage(page).document.nodes;
    expect(paragraph?.type === 'paragraph' && paragraph.nodes[0]).toMatchObject({
      leaves: [{ text: expect.stringContaining('access\r\nto data.') as unknown }],
    });
    expect(roundTrip('Windows\r\n\r\nlines\r\n')).toBe('Windows\n\nlines\n');
  });

  it('keeps an image destination with bare parentheses or in `<…>` (secoda-docs connecting-via-aws-cross-account-role.md, embeds.md)', () => {
    const page = [
      '![](https://secoda-public-media-assets.s3.amazonaws.com/image%20(15)%20(1).png)',
      '',
      '![](<https://secoda-public-media-assets.s3.amazonaws.com/ezgif.com-gif-maker%20(8).gif>)',
      '',
    ].join('\n');
    expectKept(
      page,
      [
        '![](https://secoda-public-media-assets.s3.amazonaws.com/image%20\\(15\\)%20\\(1\\).png)',
        '',
        '![](https://secoda-public-media-assets.s3.amazonaws.com/ezgif.com-gif-maker%20\\(8\\).gif)',
        '',
      ].join('\n'),
    );
  });

  it('reads extra blank lines between two list items as an empty paragraph between two lists (secoda-docs master-subscription-agreement.md)', () => {
    const page = [
      '25. “SOW” means a statement of work.',
      '26. “Third Party Services” means any products and services utilized by Customer.',
      '',
      '',
      '',
      '2. SCOPE OF SERVICES',
      '   1. Services. Subject to the terms of this Agreement.',
      '',
    ].join('\n');
    expect(roundTrip(page)).toBe(page);
    expect(parsePage(page).document.nodes).toMatchObject([
      { type: 'list-ordered', data: { start: 25 } },
      { type: 'paragraph' },
      { type: 'list-ordered', data: { start: 2 } },
    ]);
    expect(roundTrip('* a\n\n\n\n* b\n')).toBe('* a\n\n\n\n* b\n');
  });

  it('keeps an empty paragraph between front matter and the first block (trunk-docs .gitbook/includes/have-a-question.md)', () => {
    const page =
      '---\ntitle: Have a question?\n---\n\n\n\n{% hint style="info" %}\nAsk us.\n{% endhint %}\n';
    expect(roundTrip(page)).toBe(page);
    expect(parsePage(page).document.nodes[0]).toMatchObject({ type: 'paragraph' });
  });

  it('writes `<` in a cell of `<p>` paragraphs as `&#x3C;` (pentest-book email-attacks.md)', () => {
    const page = [
      '| Attack | Payload                                                             |',
      '| ------ | ------------------------------------------------------------------- |',
      '| XSS    | <p>"alert(0)"@example.com</p><p>&#x3C;script src=//xsshere?”@email.com</p> |',
      '',
    ].join('\n');
    expect(roundTrip(page).split('\n')[2]).toContain(
      '<p>&#x3C;script src=//xsshere?”@email.com</p>',
    );
  });

  it('keeps a link around HTML verbatim rather than dropping the HTML', () => {
    const page =
      'Returns [<code>id</code>](#id) and [<img src="logo.png" width="20">](https://x.y).\n';
    const parsed = parsePage(page);
    expect(renderPage(parsed)).toBe(page);
    expect(parsed.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      'a link around HTML `[<code>id</code>](#id)` is kept verbatim',
      'a link around HTML `[<img src="logo.png" width="20">](https://x.y)` is kept verbatim',
    ]);
  });
});

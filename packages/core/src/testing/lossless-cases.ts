/**
 * Small docs trees in `docsync fmt`'s canonical form, each holding something a push → pull used
 * to lose (issue 18, item 4): core's tree tests and the service round trip (test/e2e) check that
 * each comes back byte for byte.
 */

const home = '# Home\n\nWelcome.\n';

/** Files by path, by what the tree holds. */
export const losslessCases: Record<string, Record<string, string>> = {
  'a SUMMARY.md title other than the page’s H1': {
    'README.md': home,
    'SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n* [Free trials](a.md)\n',
    'a.md': '# Free trial\n\nText.\n',
  },
  'coverY beside a light/dark cover (bdi-reference-architecture orchestration-register.md)': {
    'README.md': home,
    'SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n* [Register](register.md)\n',
    'register.md': [
      '---',
      'cover:',
      '  light: https://images.unsplash.com/photo-1546198632-9ef6368bef12?crop=entropy',
      '  dark: https://images.unsplash.com/photo-1546198632-9ef6368bef12?crop=entropy',
      'coverY: 0',
      'layout:',
      '  width: default',
      '---',
      '',
      '# Register',
      '',
      'Text.',
      '',
    ].join('\n'),
  },
  'SUMMARY.md entries escaped as the 2018–21 exporter wrote them (pgsql-tw SUMMARY.md)': {
    'README.md': home,
    'SUMMARY.md':
      '# Table of contents\n\n* [Home](README.md)\n* [8.20. pg\\_lsn 型別](pg\\_lsn-type.md)\n',
    'pg_lsn-type.md': '# 8.20. pg\\_lsn 型別\n\nText.\n',
  },
  'front matter timestamps and dates as written': {
    'README.md': home,
    'SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n* [Dated](dated.md)\n',
    'dated.md':
      '---\ndescription: A dated page\ncreatedAt: 2025-05-05T10:21:54.153Z\nupdatedAt: 2025-05-06\n---\n\n# Dated\n\nText.\n',
  },
  'front matter scalars in the style they were written in': {
    'README.md': home,
    'SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n* [Styled](styled.md)\n',
    'styled.md': [
      '---',
      'description: "Double-quoted"',
      "icon: 'book'",
      'version: "3"',
      'build: 0123',
      'ratio: 1.50',
      'limit: .inf',
      'offset: -0.0',
      'released: 2024-01-01',
      'notes: |',
      '  Kept as a literal block.',
      '---',
      '',
      '# Styled',
      '',
      'Text.',
      '',
    ].join('\n'),
  },
  'link titles in pages and in SUMMARY.md': {
    'README.md':
      '# Home\n\nSee [a page](a.md "A title"), [a part](a.md#part "Part") and [the site](https://example.com "Site").\n',
    'SUMMARY.md':
      '# Table of contents\n\n* [Home](README.md)\n* [A](a.md "Sidebar A")\n* [Part of A](a.md#part "Part label")\n* [Example](https://example.com "Outside")\n',
    'a.md': '# A\n\n## Part\n\nText.\n',
  },
  'code spans and emphasis in SUMMARY.md titles': {
    'README.md': home,
    'SUMMARY.md':
      '# Table of contents\n\n* [Home](README.md)\n* [`foo`](foo.md)\n* [The `bar` option](bar.md)\n* [_Emphasis_ and **strong**](baz.md)\n* [`npm` docs](https://docs.npmjs.com)\n\n## The `cli` group\n\n* [Qux](qux.md)\n',
    'foo.md': '# foo\n\nText.\n',
    'bar.md': '# The bar option\n\nText.\n',
    'baz.md': '# Emphasis and strong\n\nText.\n',
    'qux.md': '# Qux\n\nText.\n',
  },
  'variables that look like dates': {
    'README.md': home,
    'SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n',
    '.gitbook/vars.yaml': 'release: 2025-05-05\nversion: 3.1.0\n',
  },
};

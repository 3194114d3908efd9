/**
 * Facts about the corpora in `fixtures/corpora/` (copied from shared/corpora) that tests share.
 * Their trees are read by `read-corpus.ts`.
 */

/** The space directories (each has a SUMMARY.md), relative to `fixtures/corpora/`. */
export const corpusSpaces = [
  'git-sync-normalization',
  'lawnchair-docs/help',
  'lawnchair-docs/developers',
  'lawnchair-docs/community',
] as const;

/**
 * Pages that do not come back byte for byte, each with why. Every one was last written by a
 * person or by GitBook's 2021 exporter, not by the current exporter that docsync writes like.
 */
export const expectedPageDifferences: Readonly<Record<string, string>> = {
  'git-sync-normalization/math-formulas.md':
    'the 2021 exporter left a space after `$$…$$`; a paragraph ends at its last character',
  'git-sync-normalization/page-link.md':
    'legacy `{% page-ref %}` is written as `{% content-ref %}`, as the current exporter does',
  'lawnchair-docs/community/get-involved/writing-documentation.md':
    'hand-edited without a final newline; pages end with one',
  'lawnchair-docs/help/.gitbook/includes/go-to-home-settings-more.md':
    'hand-edited without a final newline; pages end with one',
  'lawnchair-docs/help/core-features/backup-restore-and-reset.md':
    'hand-written 2-space bullets under `4.` are a separate list in CommonMark; written as one',
};

/**
 * Fidelity on real exporter output (issue 19): every GitBook corpus in ../shared/corpora, read in
 * place. Each page GitBook's exporter wrote (`<corpus>.exporter-written.txt`) must come back from
 * `docsync fmt` byte for byte, and every other markdown file must be a fixpoint of it. The files
 * that do not are listed with their cause in `support/fidelity-known-misses.ts`: a miss not
 * listed fails, and so does a listed file that now comes back (take it off the list).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { CORPORA, measureCorpus, sharedCorpora, type FileOutcome } from '../support/fidelity.ts';
import { knownMisses } from '../support/fidelity-known-misses.ts';

const all: FileOutcome[] = [];

function share(outcomes: readonly FileOutcome[]): string {
  const ok = outcomes.filter((outcome) => outcome.ok).length;
  const percent = outcomes.length === 0 ? 100 : (100 * ok) / outcomes.length;
  return `${ok} of ${outcomes.length} (${percent.toFixed(1)}%)`;
}

function summary(outcomes: readonly FileOutcome[]): string {
  return [
    `exporter-written byte for byte ${share(outcomes.filter((outcome) => outcome.exporter))}`,
    `other files fixpoints ${share(outcomes.filter((outcome) => !outcome.exporter))}`,
  ].join(', ');
}

describe.runIf(sharedCorpora !== undefined)('fidelity on ../shared/corpora', () => {
  afterAll(() => {
    if (all.length > 0) console.log(`fidelity, all corpora: ${summary(all)}`);
  });

  for (const corpus of Object.keys(CORPORA)) {
    it(`${corpus}: exporter-written pages come back byte for byte, other pages are fixpoints`, () => {
      const outcomes = measureCorpus(corpus);
      all.push(...outcomes);
      console.log(`fidelity, ${corpus}: ${summary(outcomes)}`);
      const misses = outcomes.filter((outcome) => !outcome.ok);
      const unexpected = misses
        .filter((outcome) => knownMisses[outcome.file] === undefined)
        .map((outcome) => `${outcome.file} (${outcome.firstDiff})`);
      const nowPassing = Object.keys(knownMisses).filter(
        (file) => file.startsWith(`${corpus}/`) && !misses.some((outcome) => outcome.file === file),
      );
      expect(unexpected, 'misses not in fidelity-known-misses.ts').toEqual([]);
      expect(nowPassing, 'listed in fidelity-known-misses.ts but come back now').toEqual([]);
    }, 300_000);
  }

  it('lists only files of the corpora', () => {
    const corpora = Object.keys(CORPORA);
    expect(
      Object.keys(knownMisses).filter(
        (file) => !corpora.some((corpus) => file.startsWith(`${corpus}/`)),
      ),
    ).toEqual([]);
  });
});

/**
 * `mergeGitbookConfigs` against an oracle, on random `.gitbook.yaml` histories: a base with
 * redirects (and sometimes comments and blank lines between them, as real files have), each side
 * adding, removing and retargeting redirects and appending lines where it likes. The oracle,
 * redirect by redirect: a redirect changed (added, removed, retargeted) by one side only has that
 * side's value; changed the same way by both, that value; changed differently by both, a conflict
 * and the preferred side's value; untouched, the base's. The merged config's text must say
 * exactly the merged settings.
 *
 * `PROPERTY_RUNS` (default 2,000) and `PROPERTY_SEED` (`random` for a new one) as the other
 * property tests take them; a failure prints its seed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseGitbookConfig, renderGitbookConfig } from './gitbook-config.js';
import { mergeGitbookConfigs } from './merge-gitbook-config.js';

const runs = Number(process.env.PROPERTY_RUNS ?? 2_000);
const seedSetting = process.env.PROPERTY_SEED ?? '20261127';
const seed = seedSetting === 'random' ? undefined : Number(seedSetting);
const settings = { numRuns: runs, ...(seed === undefined ? {} : { seed }) };

type Redirects = [string, string][];

const key = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'docs/old', 'x/y');
const target = fc.constantFrom('a.md', 'b.md', 'guide/c.md', 'README.md');
const redirects: fc.Arbitrary<Redirects> = fc
  .uniqueArray(fc.tuple(key, target), { selector: ([from]) => from, maxLength: 6 })
  .map((entries) => entries);

/** One side's edit of the base's redirects. */
const edit = (base: Redirects): fc.Arbitrary<Redirects> =>
  fc
    .tuple(
      fc.array(fc.boolean(), { minLength: base.length, maxLength: base.length }),
      fc.array(fc.option(target), { minLength: base.length, maxLength: base.length }),
      redirects,
    )
    .map(([keep, retarget, added]) => {
      const kept: Redirects = base
        .filter((_, index) => keep[index] === true)
        .map(([from, to], index) => [from, retarget[index] ?? to]);
      const have = new Set(kept.map(([from]) => from));
      return [...kept, ...added.filter(([from]) => !have.has(from))];
    });

/** A `.gitbook.yaml` text: redirects in order, with a comment or a blank line before some. */
const text = (entries: Redirects, notes: readonly number[]): string =>
  `root: ./\n\nredirects:\n${entries
    .map(([from, to], index) => {
      const note = notes[index % Math.max(notes.length, 1)] ?? 0;
      const before = note === 1 ? '  # moved pages\n' : note === 2 ? '\n' : '';
      return `${before}  ${from}: ${to}\n`;
    })
    .join('')}`;

const histories = redirects.chain((base) =>
  fc.record({
    base: fc.constant(base),
    ours: edit(base),
    theirs: edit(base),
    notes: fc.array(fc.constantFrom(0, 0, 1, 2), { maxLength: 4 }),
    prefer: fc.constantFrom('ours' as const, 'theirs' as const),
  }),
);

describe('mergeGitbookConfigs (property)', () => {
  it(`accounts for every redirect of both sides (${String(runs)} runs, seed ${seedSetting})`, () => {
    fc.assert(
      fc.property(histories, ({ base, ours, theirs, notes, prefer }) => {
        const read = (entries: Redirects) => parseGitbookConfig(text(entries, notes)).config;
        const merged = mergeGitbookConfigs(read(base), read(ours), read(theirs), prefer);
        const [b, o, t] = [new Map(base), new Map(ours), new Map(theirs)];
        const expected = new Map<string, string>();
        const conflicts: string[] = [];
        for (const from of new Set([...b.keys(), ...o.keys(), ...t.keys()])) {
          const [bv, ov, tv] = [b.get(from), o.get(from), t.get(from)];
          let value = ov;
          if (ov === bv) value = tv;
          else if (tv !== bv && tv !== ov) {
            conflicts.push(`redirects.${from}`);
            value = prefer === 'ours' ? ov : tv;
          }
          if (value !== undefined) expected.set(from, value);
        }
        expect(new Map(Object.entries(merged.config.redirects))).toEqual(expected);
        expect(merged.conflicts.map((conflict) => conflict.setting).sort()).toEqual(
          conflicts.sort(),
        );
        const written = parseGitbookConfig(renderGitbookConfig(merged.config));
        expect(written.diagnostics).toEqual([]);
        expect(new Map(Object.entries(written.config.redirects))).toEqual(expected);
      }),
      settings,
    );
  });
});

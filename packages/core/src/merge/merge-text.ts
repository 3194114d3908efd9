import { diff3Merge } from 'node-diff3';

/** How conflicting hunks are settled without a person: keep one side's lines. */
export type TextMergeStrategy = 'ours' | 'theirs';

/** A text's lines, each with its newline (the last may have none). */
export function lines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** A region of node-diff3's merge: lines both agree on, or a conflict with each side's lines. */
interface Diff3Region {
  ok?: string[];
  conflict?: { a: string[]; o: string[]; b: string[] };
}

/**
 * The three-way merge of one text, line by line (diff3, as git does), with conflict markers
 * where both sides changed the same lines differently (`hunks` counts them).
 */
export function mergeText(
  base: string,
  ours: string,
  theirs: string,
  options: {
    /** Settle conflicting hunks by taking this side's lines (no markers, no hunks). */
    strategy?: TextMergeStrategy;
    labels?: { ours: string; theirs: string };
    /** Lines both sides inserted at the same place are all kept (ours first), not a conflict. */
    union?: boolean;
  } = {},
): { text: string; hunks: number } {
  const regions = diff3Merge(lines(ours), lines(base), lines(theirs), {
    excludeFalseConflicts: true,
  }) as Diff3Region[];
  const labels = options.labels ?? { ours: 'ours', theirs: 'theirs' };
  let text = '';
  let hunks = 0;
  const ensureNewline = (part: string) => (part === '' || part.endsWith('\n') ? part : `${part}\n`);
  for (const region of regions) {
    if (region.ok !== undefined) {
      text += region.ok.join('');
      continue;
    }
    const conflict = region.conflict;
    if (conflict === undefined) continue;
    if (options.union === true && conflict.o.length === 0) {
      const kept = new Set(conflict.a);
      text += ensureNewline(conflict.a.join(''));
      text += conflict.b.filter((line) => !kept.has(line)).join('');
      continue;
    }
    if (options.strategy === 'ours') text += conflict.a.join('');
    else if (options.strategy === 'theirs') text += conflict.b.join('');
    else {
      hunks += 1;
      text +=
        `<<<<<<< ${labels.ours}\n${ensureNewline(conflict.a.join(''))}=======\n` +
        `${ensureNewline(conflict.b.join(''))}>>>>>>> ${labels.theirs}\n`;
    }
  }
  return { text, hunks };
}

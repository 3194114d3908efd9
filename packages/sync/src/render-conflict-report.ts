import type { FileConflict } from './decide-files.js';

function describe(conflict: FileConflict, dir: string): string {
  const path = dir === '' ? conflict.path : `${dir}/${conflict.path}`;
  switch (conflict.reason) {
    case 'content':
      return `${path}: the same lines changed on both sides (${String(conflict.hunks ?? 1)} place${conflict.hunks === 1 ? '' : 's'} marked <<<<<<< … >>>>>>>)`;
    case 'add-add':
      return `${path}: added on both sides with different content (marked <<<<<<< … >>>>>>>)`;
    case 'modify-delete':
      return `${path}: deleted ${conflict.deletedIn === 'ours' ? 'on the branch' : 'in the space'} and changed on the other side (the changed version is in the file; delete it with \`git rm\` to keep the deletion)`;
    case 'modify-unlist':
      return `${path}: taken out of SUMMARY.md ${conflict.deletedIn === 'ours' ? 'on the branch and changed in the space' : 'in the space and changed on the branch'} (the changed version is in the file; put its entry back in SUMMARY.md to keep the page in the space, or leave it out and the page leaves the space)`;
    case 'binary':
      return `${path}: changed differently on both sides and not text (the branch's version is in the file)`;
  }
}

/**
 * What to tell a person after a merge stopped on conflicts: each file and why, and what to do
 * next. `dir` is the docs directory in the repository. Pure.
 */
export function renderConflictReport(conflicts: readonly FileConflict[], dir = ''): string {
  const count = `${String(conflicts.length)} file${conflicts.length === 1 ? '' : 's'}`;
  return [
    `Conflicts: the branch and the space changed the same things in ${count}:`,
    ...conflicts.map((conflict) => `  ${describe(conflict, dir)}`),
    '',
    'The rest of the merge is staged. To finish: edit the files above, `git add` them and',
    '`git commit`, then `docsync push` to send the result. Or run `git merge --abort` to drop',
    'the merge, or `docsync pull --strategy ours|theirs` to settle conflicts by one side.',
    '',
  ].join('\n');
}

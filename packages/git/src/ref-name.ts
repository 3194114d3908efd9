import { InvalidRefNameError } from './errors.js';

/**
 * The full name of a branch ref: `main` → `refs/heads/main`; a name already under `refs/` is
 * kept. Checked against git's `check-ref-format` rules, since the name becomes a file path.
 */
export function fullRefName(ref: string): string {
  const full = ref.startsWith('refs/') ? ref : `refs/heads/${ref}`;
  const reason = refNameProblem(full);
  if (reason !== undefined) throw new InvalidRefNameError(ref, reason);
  return full;
}

function refNameProblem(name: string): string | undefined {
  // Control characters, space and the characters git reserves for revision syntax.
  for (const character of name) {
    const code = character.charCodeAt(0);
    if (code <= 0x20 || code === 0x7f || '~^:?*[\\'.includes(character)) {
      return 'it contains a character git forbids';
    }
  }
  if (name.includes('..')) return 'it contains `..`';
  if (name.includes('@{')) return 'it contains `@{`';
  if (name.endsWith('.') || name.endsWith('/')) return 'it ends with `.` or `/`';
  for (const segment of name.split('/')) {
    if (segment === '') return 'it has an empty segment';
    if (segment.startsWith('.')) return 'a segment starts with `.`';
    if (segment.endsWith('.lock')) return 'a segment ends with `.lock`';
  }
  return undefined;
}

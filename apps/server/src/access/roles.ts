import type { Role } from '@docsync/api';

/** A role, or `guest`: a member with no role (the API writes it as null). */
export type Level = Role | 'guest';

/** Levels from least to most powerful; each includes the rights of those before it. */
export const LEVELS: readonly Level[] = [
  'guest',
  'read',
  'comment',
  'edit',
  'review',
  'create',
  'admin',
];

const rank = new Map(LEVELS.map((level, index) => [level, index]));

/** Whether `level` grants at least what `required` grants. */
export function atLeast(level: Level, required: Level): boolean {
  return (rank.get(level) ?? 0) >= (rank.get(required) ?? 0);
}

/** The less powerful of two levels. */
export function lesser(a: Level, b: Level): Level {
  return atLeast(a, b) ? b : a;
}

/** Reads a stored role (null or unknown means guest). */
export function levelOf(stored: string | null): Level {
  return stored !== null && rank.has(stored as Level) ? (stored as Level) : 'guest';
}

/** Writes a level as the API does: guest is null. */
export function roleOf(level: Level): Role | null {
  return level === 'guest' ? null : level;
}

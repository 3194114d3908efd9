import { dialectOf } from '../storage/dialect-of.js';
import type { Db } from '../storage/schema.js';
import type { FullText } from './full-text.js';
import { postgresFullText } from './postgres-full-text.js';
import { sqliteFullText } from './sqlite-full-text.js';

/** The full-text index of the database `db` runs on. */
export function fullTextOf(db: Db): FullText {
  return dialectOf(db) === 'postgres' ? postgresFullText : sqliteFullText;
}

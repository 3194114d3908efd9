import type { Db } from '../storage/schema.js';
import type { UserColumns } from './user-resource.js';

/** The columns a user resource is made of. */
const userColumns = ['id as user_id', 'display_name', 'email', 'photo_url'] as const;

/**
 * The users of some ids, read in one query, as a lookup; a user whose row is gone shows by id
 * (its display name is the id).
 */
export async function usersById(
  db: Db,
  ids: Iterable<string>,
): Promise<(id: string) => UserColumns> {
  const wanted = [...new Set(ids)];
  const rows =
    wanted.length === 0
      ? []
      : await db.selectFrom('users').select(userColumns).where('id', 'in', wanted).execute();
  const byId = new Map(rows.map((row) => [row.user_id, row]));
  return (id) => byId.get(id) ?? { user_id: id, display_name: id, email: null, photo_url: null };
}

/** One user's columns, or undefined when the row is gone. */
export function userById(db: Db, id: string): Promise<UserColumns | undefined> {
  return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
}

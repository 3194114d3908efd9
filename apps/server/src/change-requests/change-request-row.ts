import type { Selectable } from 'kysely';
import { NotFoundError } from '../errors.js';
import type { ChangeRequestsTable, Db } from '../storage/schema.js';

/** A stored change request. */
export type ChangeRequestRow = Selectable<ChangeRequestsTable>;

/** Statuses in which a change request's content can still change (and it can be merged). */
export const WRITABLE_STATUSES: readonly string[] = ['draft', 'open'];

/** A change request read again by id inside a merge or an update (it exists: the caller found it). */
export function readChangeRequest(db: Db, id: string): Promise<ChangeRequestRow> {
  return db
    .selectFrom('change_requests')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Digits only, no leading zero, small enough for an integer column: a change request number. */
const NUMBER = /^[1-9][0-9]{0,8}$/;

/**
 * The change request of a space named by id or by its number in the space (paths accept both).
 * An id is tried first: ids are random and could, rarely, be all digits.
 */
export async function findChangeRequest(
  db: Db,
  spaceId: string,
  idOrNumber: string,
): Promise<ChangeRequestRow | undefined> {
  const byId = await db
    .selectFrom('change_requests')
    .selectAll()
    .where('space_id', '=', spaceId)
    .where('id', '=', idOrNumber)
    .executeTakeFirst();
  if (byId !== undefined || !NUMBER.test(idOrNumber)) return byId;
  return db
    .selectFrom('change_requests')
    .selectAll()
    .where('space_id', '=', spaceId)
    .where('number', '=', Number(idOrNumber))
    .executeTakeFirst();
}

/** {@link findChangeRequest}, or 404 "Change request not found". */
export async function requireChangeRequest(
  db: Db,
  spaceId: string,
  idOrNumber: string,
): Promise<ChangeRequestRow> {
  const row = await findChangeRequest(db, spaceId, idOrNumber);
  if (row === undefined) throw new NotFoundError('Change request');
  return row;
}

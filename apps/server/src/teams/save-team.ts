import type { CreateTeamBody } from '@docsync/api';
import type { OrganizationAccess } from '../access/organization-access.js';
import type { Clock } from '../clock.js';
import { BadRequestError, ConflictError } from '../errors.js';
import type { IdGenerator } from '../ids.js';
import { requirePlainText } from '../members/plain-text.js';
import type { Db } from '../storage/schema.js';
import { isUniqueViolation } from '../storage/unique-violation.js';
import { TEAM_MEMBER, TEAM_OWNER } from './team-access.js';

/** How many member ids one query checks; well under both dialects' parameter limits. */
const CHUNK = 500;

const duplicateTitle = (title: string) =>
  new ConflictError(`A team titled \`${title}\` already exists in this organization`);

/**
 * The distinct user ids of `ids`, in order, after checking that each is a member of the
 * organization; 400 naming the first that is not.
 */
async function requireMembers(
  db: Db,
  organizationId: string,
  ids: readonly string[],
): Promise<string[]> {
  const distinct = [...new Set(ids)];
  const known = new Set<string>();
  for (let start = 0; start < distinct.length; start += CHUNK) {
    const chunk = distinct.slice(start, start + CHUNK);
    chunk.forEach((id, offset) => {
      requirePlainText(id, `body/members/${start + offset}`);
    });
    const rows = await db
      .selectFrom('members')
      .select('user_id')
      .where('organization_id', '=', organizationId)
      .where('user_id', 'in', chunk)
      .execute();
    for (const row of rows) known.add(row.user_id);
  }
  const index = ids.findIndex((id) => !known.has(id));
  if (index >= 0) {
    throw new BadRequestError(
      `body/members/${index} \`${ids[index] ?? ''}\` is not a member of this organization`,
    );
  }
  return distinct;
}

/** What {@link createTeam} needs besides the database. */
export interface CreateTeamOptions {
  clock: Clock;
  ids: IdGenerator;
}

/**
 * Creates a team with `body.members` as its members and returns its id. An organization admin
 * manages every team already, so creating one does not add them to it; anyone else who may
 * create teams becomes its owner, so that they can manage what they made. A title another team
 * of the organization has, in any case, is a 409.
 */
export async function createTeam(
  db: Db,
  access: OrganizationAccess,
  body: CreateTeamBody,
  options: CreateTeamOptions,
): Promise<string> {
  requirePlainText(body.title, 'body/title');
  const organizationId = access.organization.id;
  const members = await requireMembers(db, organizationId, body.members ?? []);
  const creator = access.member.user_id;
  const owners = access.level === 'admin' ? [] : [creator];
  const id = options.ids();
  const now = options.clock.now().toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('teams')
        .values({ id, organization_id: organizationId, title: body.title, created_at: now })
        .execute();
      const rows = [
        ...owners.map((userId) => ({ userId, role: TEAM_OWNER })),
        ...members
          .filter((userId) => !owners.includes(userId))
          .map((userId) => ({ userId, role: TEAM_MEMBER })),
      ];
      for (let start = 0; start < rows.length; start += CHUNK) {
        await trx
          .insertInto('team_members')
          .values(
            rows.slice(start, start + CHUNK).map(({ userId, role }) => ({
              team_id: id,
              user_id: userId,
              role,
              added_at: now,
            })),
          )
          .execute();
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateTitle(body.title);
    throw error;
  }
  return id;
}

/** Renames a team; a title another team of the organization has, in any case, is a 409. */
export async function renameTeam(db: Db, teamId: string, title: string): Promise<void> {
  requirePlainText(title, 'body/title');
  try {
    await db.updateTable('teams').set({ title }).where('id', '=', teamId).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateTitle(title);
    throw error;
  }
}

/** Deletes a team; its memberships go with it (`team_members` cascades). */
export async function deleteTeam(db: Db, teamId: string): Promise<void> {
  await db.deleteFrom('teams').where('id', '=', teamId).execute();
}

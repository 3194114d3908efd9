import type { MergeRules } from '@docsync/api';
import { BadRequestError } from '../../errors.js';
import type { Db } from '../../storage/schema.js';

/**
 * 400 unless every user a merge rule names is a member of the organization: a rule naming
 * someone else could never be met, and its 409 would show another organization's user.
 */
export async function requireMergeRuleMembers(
  db: Db,
  organizationId: string,
  rules: MergeRules | undefined,
): Promise<void> {
  if (rules?.type !== 'rules') return;
  const named = [...new Set(rules.rules.flatMap((rule) => rule.users))];
  if (named.length === 0) return;
  const members = new Set(
    (
      await db
        .selectFrom('members')
        .select('user_id')
        .where('organization_id', '=', organizationId)
        .where('user_id', 'in', named)
        .execute()
    ).map((row) => row.user_id),
  );
  rules.rules.forEach((rule, index) => {
    const at = rule.users.findIndex((user) => !members.has(user));
    if (at !== -1)
      throw new BadRequestError(
        `body/mergeRules/rules/${String(index)}/users/${String(at)} \`${rule.users[at] ?? ''}\` is not a member of the organization`,
      );
  });
}

import type { MergeRules } from '@docsync/api';
import { readJson } from '../../resources/json-column.js';
import type { Db } from '../../storage/schema.js';

/** The user ids some rule of `rules` requires an approval from (none for `none` and `inherit`). */
function usersOf(rules: MergeRules): string[] {
  if (rules.type !== 'rules') return [];
  return rules.rules.flatMap((rule) => rule.users);
}

/**
 * The users whose approval a change request of the space needs before it merges: the users of
 * the space's `require_specific_reviewers` rules, or with `{type: inherit}` those of its
 * organization (collections have no merge rules, and an organization's own `inherit` has nothing
 * above it, so it requires no one). Deduplicated, in the order the rules name them.
 */
export async function requiredReviewers(db: Db, spaceId: string): Promise<string[]> {
  const row = await db
    .selectFrom('spaces')
    .innerJoin('organizations', 'organizations.id', 'spaces.organization_id')
    .select([
      'spaces.merge_rules as space_rules',
      'organizations.merge_rules as organization_rules',
    ])
    .where('spaces.id', '=', spaceId)
    .executeTakeFirstOrThrow();
  const spaceRules = readJson(row.space_rules) as MergeRules;
  const rules =
    spaceRules.type === 'inherit' ? (readJson(row.organization_rules) as MergeRules) : spaceRules;
  return [...new Set(usersOf(rules))];
}

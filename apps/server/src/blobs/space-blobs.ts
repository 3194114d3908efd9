import { inChunks } from '../storage/in-chunks.js';
import type { Db } from '../storage/schema.js';

/** Blob ids per query: well under every dialect's limit on bound parameters. */
const CHUNK = 500;

const chunks = <T>(items: readonly T[]) => inChunks(items, CHUNK);

/**
 * Records that a space holds these blobs (it uploaded them, or imported a tree naming them), so
 * its organization may name them from now on. Recording a pair again changes nothing.
 */
export async function recordSpaceBlobs(
  db: Db,
  spaceId: string,
  oids: Iterable<string>,
): Promise<void> {
  const distinct = [...new Set(oids)];
  for (const chunk of chunks(distinct))
    await db
      .insertInto('space_blobs')
      .values(chunk.map((oid) => ({ space_id: spaceId, oid })))
      .onConflict((oc) => oc.columns(['space_id', 'oid']).doNothing())
      .execute();
}

/**
 * Which of `oids` some space of the organization holds. The blob store is shared by the whole
 * server: a blob id another organization uploaded is not the asking organization's to name.
 */
export async function organizationBlobs(
  db: Db,
  organizationId: string,
  oids: Iterable<string>,
): Promise<Set<string>> {
  const held = new Set<string>();
  for (const chunk of chunks([...new Set(oids)])) {
    const rows = await db
      .selectFrom('space_blobs')
      .innerJoin('spaces', 'spaces.id', 'space_blobs.space_id')
      .select('space_blobs.oid')
      .distinct()
      .where('spaces.organization_id', '=', organizationId)
      .where('space_blobs.oid', 'in', chunk)
      .execute();
    for (const row of rows) held.add(row.oid);
  }
  return held;
}

/** A duplicate holds what its source held. */
export async function copySpaceBlobs(
  db: Db,
  fromSpaceId: string,
  toSpaceId: string,
): Promise<void> {
  await db
    .insertInto('space_blobs')
    .columns(['space_id', 'oid'])
    .expression((eb) =>
      eb
        .selectFrom('space_blobs')
        .select((eb) => [eb.val(toSpaceId).as('space_id'), 'oid'])
        .where('space_id', '=', fromSpaceId),
    )
    .onConflict((oc) => oc.columns(['space_id', 'oid']).doNothing())
    .execute();
}

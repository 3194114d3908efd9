import { inChunks } from '../storage/in-chunks.js';
import type { Db } from '../storage/schema.js';
import type { DocumentNode } from './text-blocks.js';

/** Rows per statement: below both dialects' limits on bound parameters. */
const BATCH = 200;

/**
 * A translation's memory: each text block's translation by the hash of its source block; all of
 * it, or only the blocks with these hashes (a run that reads a few pages).
 */
export async function readTranslationMemory(
  db: Db,
  translationId: string,
  hashes?: ReadonlySet<string>,
): Promise<Map<string, DocumentNode>> {
  const query = db
    .selectFrom('translation_blocks')
    .select(['source_hash', 'translated'])
    .where('translation_id', '=', translationId);
  const rows =
    hashes === undefined
      ? await query.execute()
      : (
          await Promise.all(
            chunks([...hashes]).map((some) => query.where('source_hash', 'in', some).execute()),
          )
        ).flat();
  return new Map(rows.map((row) => [row.source_hash, JSON.parse(row.translated) as DocumentNode]));
}

/** Items in groups small enough for one statement. */
export const chunks = <T>(items: readonly T[]) => inChunks(items, BATCH);

/**
 * Adds what a run translated to the memory. With `used` (the hashes of every text block of the
 * source the run read), the memory also forgets blocks no longer in the source once they
 * outnumber those that are, so it stays in proportion to the source.
 */
export async function writeTranslationMemory(
  trx: Db,
  translationId: string,
  translated: ReadonlyMap<string, DocumentNode>,
  used?: ReadonlySet<string>,
): Promise<void> {
  const rows = [...translated].map(([hash, block]) => ({
    translation_id: translationId,
    source_hash: hash,
    translated: JSON.stringify(block),
  }));
  for (let start = 0; start < rows.length; start += BATCH)
    await trx
      .insertInto('translation_blocks')
      .values(rows.slice(start, start + BATCH))
      .onConflict((oc) =>
        oc
          .columns(['translation_id', 'source_hash'])
          .doUpdateSet({ translated: (eb) => eb.ref('excluded.translated') }),
      )
      .execute();
  if (used === undefined) return;
  const count = await trx
    .selectFrom('translation_blocks')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('translation_id', '=', translationId)
    .executeTakeFirstOrThrow();
  if (Number(count.count) <= 2 * used.size) return;
  const stale = (
    await trx
      .selectFrom('translation_blocks')
      .select('source_hash')
      .where('translation_id', '=', translationId)
      .execute()
  )
    .map((row) => row.source_hash)
    .filter((hash) => !used.has(hash));
  for (let start = 0; start < stale.length; start += BATCH)
    await trx
      .deleteFrom('translation_blocks')
      .where('translation_id', '=', translationId)
      .where('source_hash', 'in', stale.slice(start, start + BATCH))
      .execute();
}

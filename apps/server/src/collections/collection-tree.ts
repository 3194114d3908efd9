import { contentLevel } from '../access/effective-level.js';
import { levelOf, type Level } from '../access/roles.js';
import type { Db } from '../storage/schema.js';

/** One collection as the tree keeps it: where it hangs and the default level it sets. */
interface TreeNode {
  parentId: string | null;
  defaultLevel: string | null;
}

/**
 * The collections of one organization as a parent tree, loaded in one query. Lists, moves,
 * deletions and transfers all need ancestors or descendants of many collections at once; walking
 * them here costs one query instead of one per step.
 */
export class CollectionTree {
  readonly #nodes: ReadonlyMap<string, TreeNode>;

  constructor(nodes: ReadonlyMap<string, TreeNode>) {
    this.#nodes = nodes;
  }

  /** Loads every collection of `organizationId`. */
  static async load(db: Db, organizationId: string): Promise<CollectionTree> {
    const rows = await db
      .selectFrom('collections')
      .select(['id', 'parent_id', 'default_level'])
      .where('organization_id', '=', organizationId)
      .execute();
    return new CollectionTree(
      new Map(
        rows.map((row) => [row.id, { parentId: row.parent_id, defaultLevel: row.default_level }]),
      ),
    );
  }

  /** Whether `id` is a collection of this organization. */
  has(id: string): boolean {
    return this.#nodes.has(id);
  }

  /** The parent of collection `id` (null at the top level); undefined for an unknown id. */
  parentOf(id: string): string | null | undefined {
    return this.#nodes.get(id)?.parentId;
  }

  /**
   * The first default level set on `collectionId` or its ancestors, nearest first; undefined
   * when none sets one (the same rule as `inheritedDefaultLevel`, without a query per step).
   */
  inheritedDefault(collectionId: string | null): Level | undefined {
    for (const id of this.#ancestry(collectionId)) {
      const level = this.#nodes.get(id)?.defaultLevel ?? null;
      if (level !== null) return levelOf(level);
    }
    return undefined;
  }

  /**
   * A member's level on a space or collection of this organization: its own default level,
   * else the nearest one above it, applied to the member's role (see `contentLevel`).
   */
  levelFor(
    memberLevel: Level,
    item: { default_level: string | null; parent_id: string | null },
  ): Level {
    const own = item.default_level === null ? undefined : levelOf(item.default_level);
    return contentLevel(memberLevel, own ?? this.inheritedDefault(item.parent_id));
  }

  /** Whether `id` is `ancestorId` itself or lies somewhere inside it. */
  isWithin(id: string | null, ancestorId: string): boolean {
    return this.#ancestry(id).includes(ancestorId);
  }

  /** `rootId` and every collection nested in it, at any depth. */
  subtree(rootId: string): string[] {
    return [...this.#nodes.keys()].filter((id) => this.isWithin(id, rootId));
  }

  /** `id`, its parent, its grandparent… up to the top level; stops on a cycle. */
  #ancestry(id: string | null): string[] {
    const chain: string[] = [];
    let current = id;
    while (current !== null && !chain.includes(current)) {
      const node = this.#nodes.get(current);
      if (node === undefined) break;
      chain.push(current);
      current = node.parentId;
    }
    return chain;
  }
}

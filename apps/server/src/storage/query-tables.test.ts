import {
  DummyDriver,
  Kysely,
  sql,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Compilable,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { readTables, writtenTables } from './query-tables.js';
import type { DatabaseSchema } from './schema.js';

// Compiles queries without a database: the tree is all these functions look at.
const db = new Kysely<DatabaseSchema>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new SqliteIntrospector(kysely),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

const writes = (query: Compilable) => {
  const compiled = query.compile();
  return writtenTables(compiled.query, compiled.sql);
};
const reads = (query: Compilable) => readTables(query.compile().query);

describe('writtenTables', () => {
  it('finds no write in a select, however many tables it joins', () => {
    const query = db
      .selectFrom('spaces')
      .innerJoin('members', 'members.organization_id', 'spaces.organization_id')
      .selectAll('spaces');
    expect(writes(query)).toBeUndefined();
  });

  it('names the target of an insert, an upsert and an update', () => {
    expect(writes(db.insertInto('api_tokens').values({ id: 'a' } as never))).toEqual([
      'api_tokens',
    ]);
    expect(
      writes(
        db
          .insertInto('change_request_counters')
          .values({ space_id: 's', last_number: 1 })
          .onConflict((conflict) => conflict.column('space_id').doUpdateSet({ last_number: 2 })),
      ),
    ).toEqual(['change_request_counters']);
    expect(
      writes(
        db
          .updateTable('spaces')
          .set({ title: 't' })
          .where('id', 'in', db.selectFrom('collections').select('id')),
      ),
    ).toEqual(['spaces']);
  });

  it('counts a delete as writing every table, as foreign keys may cascade from it', () => {
    expect(writes(db.deleteFrom('users').where('id', '=', 'u'))).toBe('all');
  });

  it('counts raw SQL that is not a select, and schema changes, as writing every table', () => {
    const raw = (query: ReturnType<typeof sql>) => {
      const compiled = query.compile(db);
      return writtenTables(compiled.query, compiled.sql);
    };
    expect(raw(sql`UPDATE spaces SET title = 'x'`)).toBe('all');
    expect(raw(sql`select 1`)).toBeUndefined();
    expect(writes(db.schema.createTable('t').addColumn('id', 'text'))).toBe('all');
  });

  it('counts a data-modifying common table expression', () => {
    const query = db
      .with('moved', (w) => w.updateTable('spaces').set({ title: 't' }).returning('id'))
      .selectFrom('moved')
      .selectAll();
    expect(writes(query)).toEqual(['spaces']);
  });
});

describe('readTables', () => {
  it('names every table of joins and subqueries', () => {
    const query = db
      .selectFrom('spaces')
      .leftJoin('members', 'members.organization_id', 'spaces.organization_id')
      .select((eb) => [
        'spaces.id',
        eb.selectFrom('change_requests').select(eb.fn.countAll().as('n')).as('n'),
      ]);
    expect(new Set(reads(query) as string[])).toEqual(
      new Set(['spaces', 'members', 'change_requests']),
    );
  });

  it('answers every table for a query with raw SQL in it, whose tables cannot be known', () => {
    expect(reads(db.selectFrom('spaces').select(sql<string>`upper(title)`.as('t')))).toBe('all');
  });
});

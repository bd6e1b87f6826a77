import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES, openTestDatabase } from './helpers.js';

describe.each(DATABASES)('the database handle on %s', (kind) => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  const open = () => openTestDatabase(kind, cleanups);

  it('answers plain SQL like node-postgres: one result, or one per statement', async () => {
    const database = await open();
    expect(await database.executeSql('select $1::int as n', [7])).toEqual({ rows: [{ n: 7 }] });
    expect(await database.executeSql('select 1 as a')).toEqual({ rows: [{ a: 1 }] });
    // pg-boss's queue monitor sends several statements and reads every result.
    expect(await database.executeSql('select 1 as a; select 2 as b')).toEqual([
      { rows: [{ a: 1 }] },
      { rows: [{ b: 2 }] },
    ]);
  });

  it('applies the committed migrations, and again without harm', async () => {
    const database = await open();
    const tables = await database.executeSql(
      "select table_name from information_schema.tables where table_schema = 'public' order by 1",
    );
    const names = (Array.isArray(tables) ? [] : tables.rows).map((r) => r.table_name);
    for (const t of [
      'user',
      'stories',
      'workflow_runs',
      'workers',
      'job_claims',
      'story_events',
      'characters',
    ]) {
      expect(names).toContain(t);
    }
  });
});

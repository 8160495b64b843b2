import { type SQL, sql } from 'drizzle-orm';

/** `column IN (…)` over a list of ids; an empty list matches nothing. */
export function inList(column: SQL, ids: readonly string[]): SQL {
  if (ids.length === 0) return sql`false`;
  return sql`${column} IN (${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
}

/** Timestamps come back as Date from node-postgres and PGlite alike; text is accepted too. */
export function dateOf(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(value);
}

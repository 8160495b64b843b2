import type { Language, Role, User } from '@kerf/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import type { Tx } from '../../db/transactions';

export type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    tenantId: row.tenantId,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    displayName: row.displayName,
    personnelNumber: row.personnelNumber,
    role: row.role as Role,
    language: row.language as Language | null,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notDeleted = isNull(users.deletedAt);

export async function findUserByUsername(tx: Tx, username: string) {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.username, username), notDeleted));
  return row ?? null;
}

export async function findUserById(tx: Tx, id: string) {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), notDeleted));
  return row ?? null;
}

export interface UserValues {
  username: string;
  email: string | null;
  firstName: string;
  lastName: string;
  displayName: string | null;
  personnelNumber: string | null;
  role: Role;
  language: Language | null;
  active: boolean;
}

export async function insertUser(tx: Tx, tenantId: string, values: UserValues & { passwordHash: string }) {
  const [row] = await tx
    .insert(users)
    .values({ tenantId, ...values })
    .returning();
  return row!;
}

export async function updateUser(tx: Tx, id: string, values: UserValues & { passwordHash?: string }) {
  const [row] = await tx
    .update(users)
    .set({
      ...values,
      ...(values.passwordHash ? { passwordChangedAt: sql`now()` } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, id), notDeleted))
    .returning();
  return row ?? null;
}

/** Employees are deleted softly: their history (cuts, statuses, orders) keeps pointing at them. */
export async function softDeleteUser(tx: Tx, id: string) {
  const [row] = await tx
    .update(users)
    .set({ deletedAt: sql`now()`, active: false, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), notDeleted))
    .returning({ id: users.id });
  return row !== undefined;
}

export async function setUserLanguage(tx: Tx, id: string, language: Language) {
  await tx.update(users).set({ language, updatedAt: sql`now()` }).where(eq(users.id, id));
}

export async function setUserPasswordHash(tx: Tx, id: string, passwordHash: string) {
  await tx
    .update(users)
    .set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), notDeleted));
}

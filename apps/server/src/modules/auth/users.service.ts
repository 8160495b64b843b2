import type { CreateUserSchema, UpdateUserSchema } from '@kerf/contracts';
import {
  ASSIGNABLE_ROLES,
  type Language,
  ROLE_PERMISSIONS,
  ROLE_TENANT_KIND,
  ROLES,
  type Role,
  type RoleInfo,
  type Self,
  type User,
} from '@kerf/contracts';
import type { z } from 'zod';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError, isUniqueViolation } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import type { PasswordHasher } from '../../lib/password-hasher';
import { passwordProblem } from './password-policy';
import type { SessionCache } from './session-cache';
import { revokeUserSessions } from './sessions.repository';
import { findTenantById } from './tenants.repository';
import {
  findUserById,
  insertUser,
  setUserLanguage,
  setUserPasswordHash,
  softDeleteUser,
  toUser,
  type UserRow,
  type UserValues,
  updateUser,
} from './users.repository';

type CreateInput = z.output<typeof CreateUserSchema>;
type UpdateInput = z.output<typeof UpdateUserSchema>;

const USERNAME_KEY = 'users_tenant_username_key';

function canManage(actor: Actor, role: Role) {
  return ASSIGNABLE_ROLES[actor.role].includes(role);
}

function checkPassword(password: string, username: string) {
  const problem = passwordProblem(password, { username });
  if (problem) throw AppError.fields([{ field: 'password', in: 'body', code: problem }]);
}

/** `language` omitted keeps `currentLanguage` (null for a new user: not chosen yet). */
function values(input: CreateInput | UpdateInput, currentLanguage: Language | null): UserValues {
  return {
    username: input.username,
    email: input.email ?? null,
    firstName: input.firstName,
    lastName: input.lastName,
    displayName: input.displayName || null,
    personnelNumber: input.personnelNumber || null,
    role: input.role,
    language: input.language === undefined ? currentLanguage : input.language,
    active: input.active ?? true,
  };
}

/**
 * A user of the actor's tenant whose role the actor may assign, in the caller's transaction:
 * USER_NOT_FOUND, or ROLE_NOT_ASSIGNABLE when the actor may not manage that role.
 */
export async function findManageableUser(tx: Tx, actor: Actor, id: string): Promise<UserRow> {
  const row = await findUserById(tx, id);
  if (!row) throw new AppError('authentication.USER_NOT_FOUND');
  if (!canManage(actor, row.role as Role)) throw new AppError('authentication.ROLE_NOT_ASSIGNABLE');
  return row;
}

/** What every form that creates a user sends (auth's, and the grinding shop's and customer service's extensions of it). */
export type NewUserInput = CreateInput;

/** What a module that creates a user does in the same transaction (`createTenantUser`). */
export interface NewUserSteps<P, T> {
  /** the module's own refusal of the input, after the role's check and before the password's */
  check?: () => void;
  /** before the insert: checks of what the user is to be given; its answer goes to `after` */
  before?: (tx: Tx) => Promise<P>;
  /** after the insert: the module's rows for the new user; `details` join the audit record, `result` is answered */
  after: (tx: Tx, row: UserRow, prepared: P) => Promise<{ result: T; details?: Record<string, unknown> }>;
}

/**
 * Creates a user of the actor's tenant, the one way for every module: the actor must be allowed to
 * assign the role (ROLE_NOT_ASSIGNABLE), the password must pass the policy (a field error), it is
 * hashed before the transaction; then, in one tenant transaction, the module's `before`, the insert,
 * the module's `after` and the audit record `user.created`. A taken user name answers
 * USER_ALREADY_EXISTS.
 */
export async function createTenantUser<P, T>(
  deps: { transactions: Transactions; hasher: PasswordHasher },
  actor: Actor,
  input: NewUserInput,
  steps: NewUserSteps<P, T>,
): Promise<T> {
  if (!canManage(actor, input.role)) throw new AppError('authentication.ROLE_NOT_ASSIGNABLE');
  steps.check?.();
  checkPassword(input.password, input.username);
  const passwordHash = await deps.hasher.hash(input.password);
  try {
    return await deps.transactions.withTenant(actor.tenantId, async (tx) => {
      const prepared = (await steps.before?.(tx)) as P;
      const row = await insertUser(tx, actor.tenantId, { ...values(input, null), passwordHash });
      const { result, details } = await steps.after(tx, row, prepared);
      await audit(tx, actor, 'user.created', 'user', row.id, { role: row.role, ...details });
      return result;
    });
  } catch (error) {
    if (isUniqueViolation(error, USERNAME_KEY)) throw new AppError('authentication.USER_ALREADY_EXISTS');
    throw error;
  }
}

export function createUsersService(deps: {
  transactions: Transactions;
  hasher: PasswordHasher;
  /** told after every change of a user's role, status or password (session-cache.ts) */
  sessions?: SessionCache;
}) {
  const { transactions, hasher, sessions } = deps;

  return {
    async getSelf(actor: Actor): Promise<Self> {
      return transactions.withTenant(actor.tenantId, async (tx) => {
        const [row, tenant] = [
          await findUserById(tx, actor.userId),
          await findTenantById(tx, actor.tenantId),
        ];
        if (!row || !tenant) throw new AppError('authentication.USER_NOT_FOUND');
        return { ...toUser(row), tenant, permissions: [...ROLE_PERMISSIONS[actor.role]] };
      });
    },

    async getUser(actor: Actor, id: string): Promise<User> {
      const row = await transactions.withTenant(actor.tenantId, (tx) => findUserById(tx, id));
      if (!row) throw new AppError('authentication.USER_NOT_FOUND');
      return toUser(row);
    },

    createUser: (actor: Actor, input: CreateInput): Promise<User> =>
      createTenantUser({ transactions, hasher }, actor, input, {
        after: async (_tx, row) => ({ result: toUser(row) }),
      }),

    async updateUser(actor: Actor, id: string, input: UpdateInput): Promise<User> {
      if (!canManage(actor, input.role)) throw new AppError('authentication.ROLE_NOT_ASSIGNABLE');
      if (input.password) checkPassword(input.password, input.username);
      const passwordHash = input.password ? await hasher.hash(input.password) : undefined;
      try {
        const user = await transactions.withTenant(actor.tenantId, async (tx) => {
          const current = await findManageableUser(tx, actor, id);
          const next = values(input, current.language as Language | null);
          const isSelf = id === actor.userId;
          if (isSelf && (next.role !== current.role || !next.active)) {
            throw new AppError('authentication.CANNOT_CHANGE_OWN_ACCOUNT');
          }
          const row = await updateUser(tx, id, { ...next, ...(passwordHash ? { passwordHash } : {}) });
          if (!row) throw new AppError('authentication.USER_NOT_FOUND');
          if (passwordHash || !next.active) {
            // A new password or a deactivation ends the user's other sessions at once.
            await revokeUserSessions(
              tx,
              id,
              passwordHash ? 'password_changed' : 'user_disabled',
              isSelf ? actor.sessionId : undefined,
            );
          }
          await audit(tx, actor, 'user.updated', 'user', id, {
            role: row.role,
            active: row.active,
            passwordChanged: Boolean(passwordHash),
          });
          return toUser(row);
        });
        // After the commit: a new role, status or password holds for the user's next request on
        // every instance (the sessions ended above are among them).
        await sessions?.invalidate({ tenantId: actor.tenantId, userId: id });
        return user;
      } catch (error) {
        if (isUniqueViolation(error, USERNAME_KEY)) throw new AppError('authentication.USER_ALREADY_EXISTS');
        throw error;
      }
    },

    async deleteUser(actor: Actor, id: string): Promise<void> {
      if (id === actor.userId) throw new AppError('authentication.CANNOT_CHANGE_OWN_ACCOUNT');
      await transactions.withTenant(actor.tenantId, async (tx) => {
        await findManageableUser(tx, actor, id);
        await softDeleteUser(tx, id);
        await revokeUserSessions(tx, id, 'user_deleted');
        await audit(tx, actor, 'user.deleted', 'user', id);
      });
      await sessions?.invalidate({ tenantId: actor.tenantId, userId: id });
    },

    listRoles(actor: Actor, assignableOnly: boolean): RoleInfo[] {
      const kind = ROLE_TENANT_KIND[actor.role];
      return ROLES.filter((role) => ROLE_TENANT_KIND[role] === kind)
        .map((role) => ({ code: role, tenantKind: kind, assignable: canManage(actor, role) }))
        .filter((role) => !assignableOnly || role.assignable);
    },

    /**
     * The signed-in user changes their own password (product.md §8 INVALID_PASSWORD when the current one
     * is wrong). The hash is compared before anything is written; the user's other sessions end.
     */
    async changeOwnPassword(
      actor: Actor,
      input: { currentPassword: string; password: string },
    ): Promise<void> {
      const user = await transactions.withTenant(actor.tenantId, (tx) => findUserById(tx, actor.userId));
      if (!user) throw new AppError('authentication.USER_NOT_FOUND');
      if (!(await hasher.verify(user.passwordHash, input.currentPassword))) {
        throw new AppError('authentication.INVALID_PASSWORD', {
          details: { fields: [{ field: 'currentPassword', in: 'body', code: 'INVALID_VALUE' }] },
        });
      }
      checkPassword(input.password, user.username);
      const passwordHash = await hasher.hash(input.password);
      await transactions.withTenant(actor.tenantId, async (tx) => {
        await setUserPasswordHash(tx, actor.userId, passwordHash);
        await revokeUserSessions(tx, actor.userId, 'password_changed', actor.sessionId);
        await audit(tx, actor, 'user.updated', 'user', actor.userId, { passwordChanged: true });
      });
      await sessions?.invalidate({ tenantId: actor.tenantId, userId: actor.userId });
    },

    async setLanguage(actor: Actor, language: Language): Promise<void> {
      await transactions.withTenant(actor.tenantId, (tx) => setUserLanguage(tx, actor.userId, language));
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

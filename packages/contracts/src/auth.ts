import { z } from 'zod';
import { CaptchaPayloadSchema } from './captcha';
import { LanguageSchema, pageQuerySchema, pageSchema } from './common';
import { PasswordSchema } from './password';
import { PermissionSchema, RoleSchema, TenantKindSchema } from './roles';
import { defineRoute } from './route';
import { hasControlCharacter, hasLoneSurrogate, identifier, secretText, text } from './text';

/**
 * Tenant IDs and usernames are compared lower-cased (product.md §5: login lower-cases both). Login only
 * compares, so it does not check their grammar, only that they are text a database can hold.
 */
const lowerCased = (max: number) =>
  identifier(
    z
      .string()
      .normalize('NFC')
      .trim()
      .toLowerCase()
      .min(1)
      .max(max)
      .refine((value) => !hasLoneSurrogate(value), { message: 'INVALID_UNICODE' })
      .refine((value) => !hasControlCharacter(value), { message: 'CONTROL_CHARACTERS' }),
  );

export const TENANT_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
export const USERNAME_PATTERN = /^[\p{Ll}\p{Lo}\p{N}._@-]+$/u;

export const TenantSlugSchema = identifier(
  z
    .string()
    .trim()
    .toLowerCase()
    .min(2)
    .max(63)
    .refine((value) => TENANT_SLUG_PATTERN.test(value), { message: 'INVALID_FORMAT' }),
);

export const UsernameSchema = identifier(
  z
    .string()
    .normalize('NFC')
    .trim()
    .toLowerCase()
    .min(2)
    .max(64)
    .refine((value) => USERNAME_PATTERN.test(value), { message: 'USERNAME_FORMAT' }),
);

/** The operator terminal at the machine and the browser keep separate sessions. */
export const CLIENT_TYPES = ['WEB', 'OPERATOR_TERMINAL'] as const;
export const ClientTypeSchema = z.enum(CLIENT_TYPES);
export type ClientType = z.infer<typeof ClientTypeSchema>;
export const CLIENT_TYPE_HEADER = 'x-client-type';

export const LoginRequestSchema = z
  .strictObject({
    tenant: lowerCased(63),
    username: lowerCased(64),
    /** not checked against the password rule: a login only compares */
    password: secretText({ min: 1, max: 1024 }),
    /**
     * A solved proof of work (the website's captcha, `GET /api/knife/captcha-challenge`): lets the
     * attempt past the lock that other people's failures put on the account or the client address
     * (issue 31; asked for by `details.captchaRequired` of TOO_MANY_ATTEMPTS). Used up when sent.
     */
    captcha: CaptchaPayloadSchema.optional(),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.input<typeof LoginRequestSchema>;

export const TokenPairSchema = z
  .object({
    bearerToken: z.string(),
    refreshToken: z.string(),
    tokenType: z.literal('Bearer'),
    /** seconds until the bearer token expires */
    expiresIn: z.number().int(),
  })
  .meta({ id: 'TokenPair' });
export type TokenPair = z.infer<typeof TokenPairSchema>;

export const RefreshRequestSchema = z
  .strictObject({ refreshToken: secretText({ min: 1, max: 512 }) })
  .meta({ id: 'RefreshRequest' });

export const TenantSchema = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    kind: TenantKindSchema,
    active: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Tenant' });
export type Tenant = z.infer<typeof TenantSchema>;

const optionalText = (max: number) => text({ max }).nullable().optional();

export const UserSchema = z
  .object({
    id: z.uuid(),
    tenantId: z.uuid(),
    username: z.string(),
    email: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    /** pseudonym shown in reports; the web app shows 'No pseudonym' when empty */
    displayName: z.string().nullable(),
    personnelNumber: z.string().nullable(),
    role: RoleSchema,
    /** null until the user (or an admin) chooses one; the web app then keeps the language of its login page */
    language: LanguageSchema.nullable(),
    active: z.boolean(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof UserSchema>;

export const SelfSchema = UserSchema.extend({
  tenant: TenantSchema,
  permissions: z.array(PermissionSchema),
}).meta({ id: 'Self' });
export type Self = z.infer<typeof SelfSchema>;

const userFields = {
  username: UsernameSchema,
  email: z.email().max(254).nullable().optional(),
  firstName: text({ min: 1, max: 100 }),
  lastName: text({ min: 1, max: 100 }),
  displayName: optionalText(100),
  personnelNumber: optionalText(50),
  role: RoleSchema,
  /** omitted: none on create, unchanged on update; null: not chosen */
  language: LanguageSchema.nullable().optional(),
  active: z.boolean().optional(),
};

export const CreateUserSchema = z
  .strictObject({ ...userFields, password: PasswordSchema })
  .meta({ id: 'CreateUser' });
export type CreateUser = z.input<typeof CreateUserSchema>;

/** A PUT replaces the editable fields; the password changes only when one is sent. */
export const UpdateUserSchema = z
  .strictObject({ ...userFields, password: PasswordSchema.optional() })
  .meta({ id: 'UpdateUser' });
export type UpdateUser = z.input<typeof UpdateUserSchema>;

export const RoleInfoSchema = z
  .object({ code: RoleSchema, tenantKind: TenantKindSchema, assignable: z.boolean() })
  .meta({ id: 'RoleInfo' });
export type RoleInfo = z.infer<typeof RoleInfoSchema>;

export const LanguageUpdateSchema = z.strictObject({ value: LanguageSchema }).meta({ id: 'LanguageUpdate' });

const ClientTypeHeadersSchema = z.object({ [CLIENT_TYPE_HEADER]: ClientTypeSchema.optional() });
const UserIdParamsSchema = z.strictObject({ id: z.uuid() });
const RefreshTokenParamsSchema = z.strictObject({ refreshToken: secretText({ min: 1, max: 512 }) });

export const login = defineRoute({
  module: 'auth',
  method: 'POST',
  path: '/auth/login',
  summary: 'Sign in with tenant, username and password',
  access: 'public',
  headers: ClientTypeHeadersSchema,
  body: LoginRequestSchema,
  responses: { 200: TokenPairSchema },
  errors: [
    'authentication.INVALID_CREDENTIALS',
    'authentication.USER_DISABLED',
    'authentication.TOO_MANY_ATTEMPTS',
  ],
});

export const refresh = defineRoute({
  module: 'auth',
  method: 'POST',
  path: '/auth/refresh',
  summary: 'Exchange a refresh token for a new token pair (the old refresh token stops working)',
  access: 'public',
  body: RefreshRequestSchema,
  responses: { 200: TokenPairSchema },
  errors: [
    'authentication.REFRESH_TOKEN_INVALID',
    'authentication.REFRESH_TOKEN_REUSED',
    'authentication.SESSION_EXPIRED',
    'authentication.USER_DISABLED',
    'common.RATE_LIMITED',
  ],
});

export const logout = defineRoute({
  module: 'auth',
  method: 'DELETE',
  path: '/auth/sessions/:refreshToken',
  summary: 'End the session the refresh token belongs to',
  access: 'public',
  params: RefreshTokenParamsSchema,
  responses: { 204: null },
  errors: [],
});

export const getSelf = defineRoute({
  module: 'auth',
  method: 'GET',
  path: '/users/self',
  summary: 'The signed-in user with tenant and permissions',
  access: 'self:read',
  responses: { 200: SelfSchema },
  errors: [],
});

export const updateSelfLanguage = defineRoute({
  module: 'auth',
  method: 'PUT',
  path: '/users/self/language',
  summary: "Save the signed-in user's language",
  access: 'self:update',
  body: LanguageUpdateSchema,
  responses: { 204: null },
  errors: [],
});

/** The signed-in user's own password change: the current one proves it is them. */
export const ChangeOwnPasswordSchema = z
  .strictObject({
    /** not checked against the password rule: it is only compared */
    currentPassword: secretText({ min: 1, max: 1024 }),
    password: PasswordSchema,
  })
  .meta({ id: 'ChangeOwnPassword' });
export type ChangeOwnPassword = z.input<typeof ChangeOwnPasswordSchema>;

export const changeOwnPassword = defineRoute({
  module: 'auth',
  method: 'PUT',
  path: '/users/self/password',
  summary:
    "Change the signed-in user's password; the current one must be given (INVALID_PASSWORD otherwise). Ends the user's other sessions",
  specAddition:
    'product.md §8 INVALID_PASSWORD ("incorrect password"): a user changing their own password gives the current one.',
  access: 'self:update',
  body: ChangeOwnPasswordSchema,
  responses: { 204: null },
  errors: ['authentication.INVALID_PASSWORD'],
});

export const getUser = defineRoute({
  module: 'auth',
  method: 'GET',
  path: '/users/:id',
  summary: 'One employee of the own tenant',
  access: 'users:read',
  params: UserIdParamsSchema,
  responses: { 200: UserSchema },
  errors: ['authentication.USER_NOT_FOUND'],
});

export const createUser = defineRoute({
  module: 'auth',
  method: 'POST',
  path: '/users',
  summary: 'Create an employee with an assignable role',
  access: 'users:manage',
  body: CreateUserSchema,
  responses: { 201: UserSchema },
  errors: ['authentication.USER_ALREADY_EXISTS', 'authentication.ROLE_NOT_ASSIGNABLE'],
});

export const updateUser = defineRoute({
  module: 'auth',
  method: 'PUT',
  path: '/users/:id',
  summary: 'Change an employee',
  access: 'users:manage',
  params: UserIdParamsSchema,
  body: UpdateUserSchema,
  responses: { 200: UserSchema },
  errors: [
    'authentication.USER_NOT_FOUND',
    'authentication.USER_ALREADY_EXISTS',
    'authentication.ROLE_NOT_ASSIGNABLE',
    'authentication.CANNOT_CHANGE_OWN_ACCOUNT',
  ],
});

export const deleteUser = defineRoute({
  module: 'auth',
  method: 'DELETE',
  path: '/users/:id',
  summary: 'Delete an employee (their history stays, their sessions end)',
  access: 'users:manage',
  params: UserIdParamsSchema,
  responses: { 204: null },
  errors: [
    'authentication.USER_NOT_FOUND',
    'authentication.ROLE_NOT_ASSIGNABLE',
    'authentication.CANNOT_CHANGE_OWN_ACCOUNT',
  ],
});

export const listRoles = defineRoute({
  module: 'auth',
  method: 'GET',
  path: '/roles',
  summary: "Roles of the caller's tenant kind; only those the caller may assign with assignable_only=true",
  access: 'roles:read',
  query: z.strictObject({ assignable_only: z.enum(['true', 'false']).optional() }),
  responses: { 200: z.array(RoleInfoSchema) },
  errors: [],
});

export const listTenants = defineRoute({
  module: 'auth',
  method: 'GET',
  path: '/tenants',
  summary: 'Tenants: the own one, or all of them for system admins and customer service (audited)',
  access: 'tenants:read',
  query: pageQuerySchema(20),
  responses: { 200: pageSchema(TenantSchema).meta({ id: 'TenantPage' }) },
  errors: [],
});

/** Every route of the auth module, in the order they are registered. */
export const authRoutes = [
  login,
  refresh,
  logout,
  getSelf,
  updateSelfLanguage,
  getUser,
  createUser,
  updateUser,
  deleteUser,
  listRoles,
  listTenants,
] as const;

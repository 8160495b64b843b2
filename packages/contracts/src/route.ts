import type { z } from 'zod';
import type { ErrorCode } from './errors';
import type { ApiScope } from './integrations';
import type { Permission, TenantKind } from './roles';

/** The API modules of docs/architecture.md "Process and modules", each mounted under its own prefix. */
export const MODULE_PREFIXES = {
  auth: '/api/auth',
  'printing-shop': '/api/printing-shop',
  'grinding-shop': '/api/grinding-shop',
  'customer-service': '/api/customer-service',
  knife: '/api/knife',
  report: '/api/report',
  platform: '/api',
} as const;
export type ModuleName = keyof typeof MODULE_PREFIXES;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route: anyone (`public`), any signed-in user (`authenticated`), or holders of one
 * permission of the matrix in `roles.ts`.
 */
export type Access = 'public' | 'authenticated' | Permission;

export interface RouteContract {
  module: ModuleName;
  method: HttpMethod;
  /** path inside the module, with `:name` parameters, exactly as product.md §7 names it */
  path: string;
  summary: string;
  access: Access;
  /**
   * The kinds of tenant whose users may call it, where the permission alone is not enough (the
   * printing shop's and the grinding shop's side of knife logistics share `knives:read`). Checked at
   * the same gate as the permission; part of the role matrix.
   */
  tenantKinds?: readonly TenantKind[];
  params?: z.ZodType;
  query?: z.ZodType;
  headers?: z.ZodType;
  body?: z.ZodType;
  /** success responses by status; `null` means no body */
  responses: Record<number, z.ZodType | null>;
  /** catalogue codes this route can answer with, besides the generic ones */
  errors: readonly ErrorCode[];
  /**
   * Set on every endpoint product.md §7 does not list (order, knife edit, grinding, setup assistant…):
   * why Kerf adds it. The OpenAPI document marks such operations with `x-spec-addition` and says so
   * in their description.
   */
  specAddition?: string;
  /**
   * The API-key scope that opens this route to integration clients (ADR 0020). Without it the route
   * refuses every API key; with it, a key must hold this scope, and the role check is replaced by it.
   */
  apiScope?: ApiScope;
}

/** Declares a route once; the server registers it and the web client calls it from the same object. */
export function defineRoute<const C extends RouteContract>(contract: C): C {
  return contract;
}

/** Full URL path of a route, e.g. `/api/auth/users/:id`. */
export function routeUrl(contract: Pick<RouteContract, 'module' | 'path'>): string {
  return `${MODULE_PREFIXES[contract.module]}${contract.path}`;
}

type ParamsOf<C> = C extends { params: z.ZodType } ? z.input<C['params']> : undefined;
type QueryOf<C> = C extends { query: z.ZodType } ? z.input<C['query']> : undefined;
type BodyOf<C> = C extends { body: z.ZodType } ? z.input<C['body']> : undefined;

/** What a client passes to call a route. */
export type RouteInput<C extends RouteContract> = {
  params: ParamsOf<C>;
  query: QueryOf<C>;
  body: BodyOf<C>;
};

type SuccessStatus<C extends RouteContract> = keyof C['responses'] & number;
/** What a route answers on success. */
export type RouteOutput<C extends RouteContract> = C['responses'][SuccessStatus<C>] extends infer S
  ? S extends z.ZodType
    ? z.output<S>
    : undefined
  : never;

import { type RouteContract, type RouteInput, type RouteOutput, routeUrl } from '@kerf/contracts';
import type { z } from 'zod';
import { ApiError } from './api-error';
import type { HttpClient } from './http-client';

type HeadersOf<C> = C extends { headers: z.ZodType } ? z.input<C['headers']> : undefined;
type Parts<C extends RouteContract> = RouteInput<C> & { headers: HeadersOf<C> };

/** A part is optional when the route has none or when every field in it is optional. */
type NoFields = Record<string, never>;
type IsOptional<T> = undefined extends T ? true : NoFields extends T ? true : false;
type ApiInput<C extends RouteContract> = {
  [K in keyof Parts<C> as IsOptional<Parts<C>[K]> extends true ? never : K]: Parts<C>[K];
} & {
  [K in keyof Parts<C> as IsOptional<Parts<C>[K]> extends true ? K : never]?: Parts<C>[K];
} & { signal?: AbortSignal };

type ApiArgs<C extends RouteContract> =
  NoFields extends ApiInput<C> ? [input?: ApiInput<C>] : [input: ApiInput<C>];

export type Api = <const C extends RouteContract>(
  contract: C,
  ...args: ApiArgs<C>
) => Promise<RouteOutput<C>>;

/** `/users/:id` + `{id}` → `/api/auth/users/7f…`, with every value URL-encoded. */
export function buildUrl(contract: RouteContract, params?: unknown, query?: unknown): string {
  const values = (params ?? {}) as Record<string, unknown>;
  const path = routeUrl(contract).replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new TypeError(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The one typed call over the route contracts: `api(getSelf)`, `api(getUser, { params: { id } })`.
 * Success bodies are checked against the contract's response schema; failures throw `ApiError`
 * carrying status, catalogue code and the body as received.
 */
export function createApi(http: HttpClient): Api {
  return (async (
    contract: RouteContract,
    input: Partial<Parts<RouteContract>> & { signal?: AbortSignal } = {},
  ) => {
    const response = await http.request({
      method: contract.method,
      url: buildUrl(contract, input.params, input.query),
      body: input.body,
      headers: input.headers as Record<string, string> | undefined,
      authenticated: contract.access !== 'public',
      signal: input.signal,
    });
    if (!response.ok) throw ApiError.fromResponse(response.status, response.data);
    const schema = contract.responses[response.status];
    if (!schema) return undefined;
    const parsed = schema.safeParse(response.data);
    if (!parsed.success) throw new ApiError(response.status, 'client.INVALID_RESPONSE', response.data);
    return parsed.data;
  }) as Api;
}

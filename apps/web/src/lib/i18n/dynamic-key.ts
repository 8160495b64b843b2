import type { i18n as I18n, TFunction } from 'i18next';

/**
 * For keys built at run time from codes (error codes, roles, statuses). The locale-completeness test
 * checks every such code has its key, so the cast only skips what the compiler cannot see.
 */
export function translateKey(t: TFunction, key: string, options?: Record<string, unknown>): string {
  return (t as unknown as (key: string, options?: Record<string, unknown>) => string)(key, options);
}

export function hasKey(i18n: I18n, key: string): boolean {
  return i18n.exists(key);
}

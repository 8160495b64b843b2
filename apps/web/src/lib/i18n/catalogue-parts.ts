/**
 * The catalogues load in two parts (issue 15, first-load budget): `public` — what the website, the
 * registration and the login show, loaded before the first paint — and `staff`, the namespaces only
 * the signed-in areas use, loaded right after. The build splits each `locales/<lang>.json` by these
 * names (catalogue-parts.plugin.ts); the files themselves stay whole.
 */
export const STAFF_NAMESPACES: readonly string[] = [
  'areaHome',
  'customerService',
  'employees',
  'grinder',
  'grindingAdmin',
  'knifeInterval',
  'knives',
  'licensing',
  'locations',
  'logistics',
  'machines',
  'manager',
  'manufacturer',
  'network',
  'operator',
  'printingAdmin',
  'reports',
  'roles',
  'setup',
  'table',
  'tenants',
];

export type CataloguePart = 'public' | 'staff';

/** The namespaces of one part of a whole catalogue. */
export function cataloguePart<T extends Record<string, unknown>>(
  catalogue: T,
  part: CataloguePart,
): Partial<T> {
  return Object.fromEntries(
    Object.entries(catalogue).filter(
      ([namespace]) => STAFF_NAMESPACES.includes(namespace) === (part === 'staff'),
    ),
  ) as Partial<T>;
}

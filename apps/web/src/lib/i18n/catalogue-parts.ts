/**
 * The catalogues load in two parts (issue 15, first-load budget): `public` — the namespaces listed
 * here: what the website, the registration and the login show, loaded before the first paint — and
 * `staff`, every other namespace (what only the signed-in areas use), loaded right after. A new
 * namespace is staff unless it is listed here (public-namespaces.test.ts checks the public pages).
 * The build splits each `locales/<lang>.json` by these
 * names (catalogue-parts.plugin.ts); the files themselves stay whole.
 */
export const PUBLIC_NAMESPACES: readonly string[] = [
  'actions',
  'app',
  'common',
  'confirm',
  'crash',
  'errors',
  'fields',
  'help',
  'language',
  'login',
  'moneyWebsite',
  'nav',
  'notFound',
  'phone',
  'registration',
  'sections',
  'session',
  'toast',
  'website',
  'websiteForms',
  'websiteLegal',
];

export type CataloguePart = 'public' | 'staff';

/** The namespaces of one part of a whole catalogue. */
export function cataloguePart<T extends Record<string, unknown>>(
  catalogue: T,
  part: CataloguePart,
): Partial<T> {
  return Object.fromEntries(
    Object.entries(catalogue).filter(
      ([namespace]) => PUBLIC_NAMESPACES.includes(namespace) === (part === 'public'),
    ),
  ) as Partial<T>;
}

import type { RouteObject } from 'react-router';

/**
 * The public website's pages (product.md §2 "Website"), each its own lazily loaded chunk, so the home page
 * carries only its own code. The router lists their paths literally (the server's client-routes list
 * is read from it).
 */
export const WEBSITE_PAGES = {
  home: () => import('./pages/home-page'),
  printingShops: async () => ({ Component: (await import('./pages/audience-pages')).PrintingShopsPage }),
  grindingShops: async () => ({ Component: (await import('./pages/audience-pages')).GrindingShopsPage }),
  features: () => import('./pages/features-page'),
  machines: () => import('./pages/machines-page'),
  licenceOrder: () => import('./pages/licence-order-page'),
  contact: () => import('./pages/contact-page'),
  imprint: async () => ({ Component: (await import('./pages/legal-pages')).ImprintPage }),
  terms: async () => ({ Component: (await import('./pages/legal-pages')).TermsPage }),
  privacy: async () => ({ Component: (await import('./pages/legal-pages')).PrivacyPage }),
} satisfies Record<string, NonNullable<RouteObject['lazy']>>;

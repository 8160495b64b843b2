export { AppLayout, type NavItem } from './app-layout';

export { PageSkeleton } from './page-skeleton';
export { PublicLayout } from './public-layout';

export { PageTitleCollector, usePageTitle } from './use-page-title';
export { WEBSITE_LOCALES, WebsiteLayout } from './website-layout';

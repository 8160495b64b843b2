export { AppLayout, type AppLayoutProps, type LayoutUser, type NavItem } from './app-layout';
export { Brand } from './brand';
export { endonym, LanguagePicker } from './language-picker';
export { PageSkeleton } from './page-skeleton';
export { PublicLayout } from './public-layout';
export { MAIN_CONTENT_ID, SkipLink } from './skip-link';
export { PageTitleCollector, usePageTitle } from './use-page-title';
export { WEBSITE_LOCALES, WebsiteLayout } from './website-layout';

/** The frame every role area shares: shell (header, navigation, sign-in guard), start page, placeholder sections. */
export { AreaHome, SectionPending } from './area-home';
export { AreaShell, type AreaShellProps } from './area-shell';
export { BackButton } from './back-button';
export { NotificationsPage } from './pages/notifications-page';
export { TenantsPage } from './pages/tenants-page';
export { type AreaSection, PlaceholderArea } from './placeholder-area';

/** Notifications (knife swaps, machines offline, long interruptions) and scheduled report e-mails (issue 18). */

export { EmailPreferencesCard } from './components/email-preferences-card';
export { NotificationBell } from './components/notification-bell';
export { NotificationList } from './components/notification-list';
export { NotificationSettingsCard } from './components/notification-settings-card';
export { ReportMailsCard } from './components/report-mails-card';

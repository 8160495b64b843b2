/** Query keys of the notifications, the user's e-mail choices, report mails and the shop's settings. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => ['notifications', 'list'] as const,
  preferences: () => ['notifications', 'preferences'] as const,
  reportMails: () => ['notifications', 'report-subscriptions'] as const,
  settings: () => ['notifications', 'settings'] as const,
};

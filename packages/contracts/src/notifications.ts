import { z } from 'zod';
import { IdParamsSchema, LanguageSchema, TimeZoneSchema } from './common';
import { defineRoute } from './route';
import { MachineStatusSchema } from './telemetry';
import { identifier } from './text';

// ---------------------------------------------------------------------------------------------
// Notifications and scheduled report e-mails (issue 18). None of these endpoints is in product.md §7;
// each says why it is added. Everything is the signed-in user's own: their notifications, their
// e-mail choices, their report subscriptions; the tenant's notification rules are the admin's.

/**
 * What a notification is about: a knife in a machine reached SWAP_REQUIRED, a machine went offline
 * during a shift, an interruption lasted longer than the tenant's threshold.
 */
export const NOTIFICATION_KINDS = ['KNIFE_SWAP_REQUIRED', 'MACHINE_OFFLINE', 'LONG_INTERRUPTION'] as const;
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS).meta({ id: 'NotificationKind' });
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

export const NotificationSchema = z
  .object({
    id: z.uuid(),
    kind: NotificationKindSchema,
    machineId: z.uuid().nullable(),
    machineName: z.string().nullable(),
    knifeRfid: z.string().nullable(),
    /** LONG_INTERRUPTION: the interruption status */
    status: MachineStatusSchema.nullable(),
    /** when what it reports began (the knife's last cut, the machine going offline, the interruption's start) */
    since: z.iso.datetime(),
    createdAt: z.iso.datetime(),
    readAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof NotificationSchema>;

/** The live event NOTIFICATION (an addition): a new notification for the user the resource names. */
export const NotificationLiveDataSchema = NotificationSchema.extend({ userId: z.uuid() });
export type NotificationLiveData = z.infer<typeof NotificationLiveDataSchema>;

export const NotificationListSchema = z
  .object({ items: z.array(NotificationSchema), unread: z.number().int() })
  .meta({ id: 'NotificationList' });
export type NotificationList = z.infer<typeof NotificationListSchema>;

export const NotificationListQuerySchema = z.strictObject({
  unreadOnly: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** Which notification kinds also come by e-mail (opt-in: none until the user chooses). */
export const NotificationPreferencesSchema = z
  .object({ emailKinds: z.array(NotificationKindSchema), email: z.string().nullable() })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;
export const SetNotificationPreferencesSchema = z.strictObject({
  emailKinds: z.array(NotificationKindSchema).max(NOTIFICATION_KINDS.length),
});
export type SetNotificationPreferences = z.input<typeof SetNotificationPreferencesSchema>;

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The tenant's notification rules: a shift is the weekdays `shiftDays` (1 = Monday … 7 = Sunday)
 * from `shiftStart` to `shiftEnd` local time in `timeZone`; a machine going offline inside a shift
 * is reported. An interruption is reported once it lasts `interruptionMinutes`.
 */
export const NotificationSettingsSchema = z
  .object({
    timeZone: z.string(),
    shiftDays: z.array(z.number().int().min(1).max(7)),
    shiftStart: z.string(),
    shiftEnd: z.string(),
    interruptionMinutes: z.number().int(),
  })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;
export const SetNotificationSettingsSchema = z
  .strictObject({
    timeZone: TimeZoneSchema,
    shiftDays: z.array(z.number().int().min(1).max(7)).max(7),
    shiftStart: identifier(z.string().regex(TIME_OF_DAY)),
    shiftEnd: identifier(z.string().regex(TIME_OF_DAY)),
    interruptionMinutes: z
      .number()
      .int()
      .min(1)
      .max(24 * 60),
  })
  .refine((value) => value.shiftStart < value.shiftEnd, { path: ['shiftEnd'], message: 'TOO_SMALL' });
export type SetNotificationSettings = z.input<typeof SetNotificationSettingsSchema>;
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  timeZone: 'Europe/Berlin',
  shiftDays: [1, 2, 3, 4, 5],
  shiftStart: '06:00',
  shiftEnd: '22:00',
  interruptionMinutes: 15,
};

export const REPORT_MAIL_FREQUENCIES = ['DAILY', 'WEEKLY'] as const;
export const ReportMailFrequencySchema = z.enum(REPORT_MAIL_FREQUENCIES).meta({ id: 'ReportMailFrequency' });
export type ReportMailFrequency = z.infer<typeof ReportMailFrequencySchema>;
/** Local hour at which the scheduled report e-mails of the previous day / week go out. */
export const REPORT_MAIL_HOUR = 6;

export const ReportSubscriptionSchema = z
  .object({
    frequency: ReportMailFrequencySchema,
    timeZone: z.string(),
    language: LanguageSchema,
    createdAt: z.iso.datetime(),
    /** the last period mailed: its first day (YYYY-MM-DD, local) */
    lastPeriodStart: z.string().nullable(),
    lastSentAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ReportSubscription' });
export type ReportSubscription = z.infer<typeof ReportSubscriptionSchema>;
export const SubscribeReportSchema = z.strictObject({ timeZone: TimeZoneSchema, language: LanguageSchema });
export type SubscribeReport = z.input<typeof SubscribeReportSchema>;
export const ReportSubscriptionParamsSchema = z.strictObject({ frequency: ReportMailFrequencySchema });

const WHY_NOTIFICATIONS =
  'issue 18: knives due for a swap, machines offline during a shift and long interruptions reach the managers in the app and by e-mail; product.md §7 has no notification endpoints.';
const WHY_REPORT_MAILS =
  'issue 18 (and the manager issue): a manager gets the reports as a daily or weekly CSV by e-mail; product.md §7 has no endpoint for it.';

export const listNotifications = defineRoute({
  module: 'printing-shop',
  method: 'GET',
  path: '/notifications',
  summary: "The user's notifications, newest first, and how many are unread",
  specAddition: WHY_NOTIFICATIONS,
  access: 'notifications:read',
  tenantKinds: ['PRINTING_SHOP'],
  query: NotificationListQuerySchema,
  responses: { 200: NotificationListSchema },
  errors: [],
});

export const markNotificationRead = defineRoute({
  module: 'printing-shop',
  method: 'POST',
  path: '/notifications/:id/read',
  summary: 'Mark one of the own notifications read',
  specAddition: WHY_NOTIFICATIONS,
  access: 'notifications:read',
  tenantKinds: ['PRINTING_SHOP'],
  params: IdParamsSchema,
  responses: { 204: null },
  errors: ['service.printing-shops.NOTIFICATION_NOT_FOUND'],
});

export const markAllNotificationsRead = defineRoute({
  module: 'printing-shop',
  method: 'POST',
  path: '/notifications/read-all',
  summary: 'Mark all own notifications read',
  specAddition: WHY_NOTIFICATIONS,
  access: 'notifications:read',
  tenantKinds: ['PRINTING_SHOP'],
  responses: { 204: null },
  errors: [],
});

export const getNotificationPreferences = defineRoute({
  module: 'printing-shop',
  method: 'GET',
  path: '/notification-preferences',
  summary: 'Which notification kinds the user also gets by e-mail',
  specAddition: WHY_NOTIFICATIONS,
  access: 'notifications:read',
  tenantKinds: ['PRINTING_SHOP'],
  responses: { 200: NotificationPreferencesSchema },
  errors: [],
});

export const setNotificationPreferences = defineRoute({
  module: 'printing-shop',
  method: 'PUT',
  path: '/notification-preferences',
  summary: 'Choose the notification kinds that also come by e-mail (opt-in per kind)',
  specAddition: WHY_NOTIFICATIONS,
  access: 'notifications:read',
  tenantKinds: ['PRINTING_SHOP'],
  body: SetNotificationPreferencesSchema,
  responses: { 200: NotificationPreferencesSchema },
  errors: [],
});

export const getNotificationSettings = defineRoute({
  module: 'printing-shop',
  method: 'GET',
  path: '/notification-settings',
  summary: "The tenant's shift window and interruption threshold for notifications",
  specAddition: WHY_NOTIFICATIONS,
  access: 'notifications:read',
  tenantKinds: ['PRINTING_SHOP'],
  responses: { 200: NotificationSettingsSchema },
  errors: [],
});

export const setNotificationSettings = defineRoute({
  module: 'printing-shop',
  method: 'PUT',
  path: '/notification-settings',
  summary: "Set the tenant's shift window and interruption threshold (audited)",
  specAddition: WHY_NOTIFICATIONS,
  access: 'notifications:configure',
  tenantKinds: ['PRINTING_SHOP'],
  body: SetNotificationSettingsSchema,
  responses: { 200: NotificationSettingsSchema },
  errors: [],
});

export const listReportSubscriptions = defineRoute({
  module: 'printing-shop',
  method: 'GET',
  path: '/report-subscriptions',
  summary: "The user's scheduled report e-mails (daily, weekly)",
  specAddition: WHY_REPORT_MAILS,
  access: 'report-mails:manage',
  tenantKinds: ['PRINTING_SHOP'],
  responses: { 200: z.array(ReportSubscriptionSchema) },
  errors: [],
});

export const subscribeReport = defineRoute({
  module: 'printing-shop',
  method: 'PUT',
  path: '/report-subscriptions/:frequency',
  summary:
    'Subscribe to the daily or weekly report e-mail (CSV of the previous day / week at 06:00 local time); again changes its zone and language',
  specAddition: WHY_REPORT_MAILS,
  access: 'report-mails:manage',
  tenantKinds: ['PRINTING_SHOP'],
  params: ReportSubscriptionParamsSchema,
  body: SubscribeReportSchema,
  responses: { 200: ReportSubscriptionSchema },
  errors: [],
});

export const unsubscribeReport = defineRoute({
  module: 'printing-shop',
  method: 'DELETE',
  path: '/report-subscriptions/:frequency',
  summary: 'Unsubscribe from the daily or weekly report e-mail',
  specAddition: WHY_REPORT_MAILS,
  access: 'report-mails:manage',
  tenantKinds: ['PRINTING_SHOP'],
  params: ReportSubscriptionParamsSchema,
  responses: { 204: null },
  errors: [],
});

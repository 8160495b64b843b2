import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenants } from './platform';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const counter = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** A site of a printing or grinding shop (product.md §3 "Location"). */
export const locations = pgTable(
  'locations',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    street: text('street'),
    streetNumber: text('street_number'),
    zip: text('zip'),
    city: text('city'),
    country: text('country'),
    /** cuts after which a knife should be changed; printing shops only */
    knifeSwapInterval: integer('knife_swap_interval'),
    /** minutes RUNNING without a cut before the operator terminal asks why; printing shops only */
    noCutsPromptDelay: integer('no_cuts_prompt_delay'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/**
 * A cutting machine with its network settings (product.md §3 "Machine") and its live state, which the
 * ingest keeps current in the same transaction as the events that move it.
 */
export const cuttingMachines = pgTable(
  'cutting_machines',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: uuid('id').notNull().defaultRandom(),
    locationId: uuid('location_id'),
    name: text('name').notNull(),
    designation: text('designation'),
    manufacturer: text('manufacturer'),
    serialNumber: text('serial_number').notNull(),
    type: text('type'),
    cuttingWidth: integer('cutting_width'),
    knifeSwapInterval: integer('knife_swap_interval'),
    /** minutes RUNNING without a cut before the operator terminal asks why (null: the location's) */
    noCutsPromptDelay: integer('no_cuts_prompt_delay'),
    knivesCount: integer('knives_count').notNull().default(1),
    active: boolean('active').notNull().default(true),
    licensedAt: timestamp('licensed_at', { withTimezone: true }),
    networkPassword: text('network_password'),
    // network settings (product.md §3)
    networkConnection: text('network_connection'), // ETHERNET | WIFI
    networkAddressMode: text('network_address_mode'), // DHCP | STATIC
    ipAddress: text('ip_address'),
    subnetMask: text('subnet_mask'),
    gateway: text('gateway'),
    dnsServer: text('dns_server'),
    networkName: text('network_name'),
    wifiSecurity: text('wifi_security'), // WEP | WPA_WPA2 | WPA2_WPA3 | WPA3
    wifiPassword: text('wifi_password'),
    networkContactName: text('network_contact_name'),
    networkContactPhone: text('network_contact_phone'),
    networkSetupState: text('network_setup_state').notNull().default('UNKNOWN'),
    // live state, maintained by the ingest
    totalCuts: counter('total_cuts'),
    lastCutAt: timestamp('last_cut_at', { withTimezone: true }),
    currentStatus: text('current_status'),
    statusSince: timestamp('status_since', { withTimezone: true }),
    currentOperatorId: uuid('current_operator_id'),
    currentJobId: uuid('current_job_id'),
    currentKnifeRfid: text('current_knife_rfid'),
    knifeChangedAt: timestamp('knife_changed_at', { withTimezone: true }),
    presence: text('presence'), // ONLINE | OFFLINE, from the agent's retained presence and last will
    presenceAt: timestamp('presence_at', { withTimezone: true }),
    lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true }),
    /**
     * Grows with every transaction that changes what the machine view shows (telemetry, operator,
     * order, presence): screens keep the view with the highest revision (modules/machines/machine-view.ts).
     */
    viewRevision: counter('view_revision'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('cutting_machines_tenant_serial_key').on(t.tenantId, t.serialNumber),
    index('cutting_machines_tenant_location_idx').on(t.tenantId, t.locationId),
  ],
);

/**
 * MQTT credentials of a machine's edge agent. The username is `{tenantId}.{serial}`; only a
 * SHA-256 hash of the random 256-bit secret is kept. The broker looks credentials up before a
 * tenant is known (role kerf_auth, read only).
 */
export const machineCredentials = pgTable(
  'machine_credentials',
  {
    tenantId: uuid('tenant_id').notNull(),
    machineId: uuid('machine_id').notNull(),
    username: text('username').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.machineId] }),
    uniqueIndex('machine_credentials_username_key').on(t.username),
    foreignKey({
      columns: [t.tenantId, t.machineId],
      foreignColumns: [cuttingMachines.tenantId, cuttingMachines.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Wrong secrets given for a machine's credential (a broker CONNECT or a doctor report), counted per
 * client address and minute (issue 31). A refusal is a fact about whoever tried, never the machine's
 * state: anyone who knows a machine's username can try. The setup assistant shows them as "3
 * refused logins from 10.0.0.7 in the last hour"; rows older than a day go on the next refusal.
 */
export const machineLoginRefusals = pgTable(
  'machine_login_refusals',
  {
    tenantId: uuid('tenant_id').notNull(),
    machineId: uuid('machine_id').notNull(),
    /** the client's address as the broker or the HTTP server saw it; `unknown` when it had none */
    address: text('address').notNull(),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    refusals: integer('refusals').notNull().default(1),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.machineId, t.address, t.minute] }),
    foreignKey({
      columns: [t.tenantId, t.machineId],
      foreignColumns: [cuttingMachines.tenantId, cuttingMachines.id],
    }).onDelete('cascade'),
  ],
);

/** A knife, identified by its RFID tag (product.md §3 "Knife"). Counters move with the cuts. */
export const knives = pgTable(
  'knives',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    rfid: text('rfid').notNull(),
    articleNumber: text('article_number'),
    knifeClassName: text('knife_class_name'),
    angleVf: doublePrecision('angle_vf'),
    angleHf: doublePrecision('angle_hf'),
    angleTm: doublePrecision('angle_tm'),
    height: doublePrecision('height'),
    backThickness: doublePrecision('back_thickness'),
    /** measured when the knife was registered; height and back thickness may never exceed them */
    originalHeight: doublePrecision('original_height'),
    originalBackThickness: doublePrecision('original_back_thickness'),
    carrierMaterial: text('carrier_material'),
    material: text('material'),
    rotation: integer('rotation').notNull().default(0),
    cutsSinceLastGrinding: counter('cuts_since_last_grinding'),
    totalCuts: counter('total_cuts'),
    /** the knife's one state (contracts `KNIFE_STATES`): ACTIVE | AT_GRINDER | SHIPPED_BACK | SCRAPPED */
    state: text('state').notNull().default('ACTIVE'),
    scrapped: boolean('scrapped').notNull().default(false),
    knifeSwapInterval: integer('knife_swap_interval'),
    latestScanLocationId: uuid('latest_scan_location_id'),
    latestScanMachineId: uuid('latest_scan_machine_id'),
    latestScanAt: timestamp('latest_scan_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.rfid] })],
);

/** An order the operator books cuts and times to (product.md §3 "Cutting job"); partial jobs point to their parent. */
export const cuttingJobs = pgTable(
  'cutting_jobs',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: uuid('id').notNull().defaultRandom(),
    machineId: uuid('machine_id').notNull(),
    parentJobId: uuid('parent_job_id'),
    name: text('name').notNull(),
    orderNumber: text('order_number'),
    programNumber: text('program_number'),
    state: text('state').notNull().default('OPEN'), // PLANNED | OPEN | CLOSED | CANCELLED
    /** PLANNED (imported from the ERP, not started): when it was planned; else when it started */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    cuts: counter('cuts'),
    processingSeconds: integer('processing_seconds').notNull().default(0),
    downtimeSeconds: integer('downtime_seconds').notNull().default(0),
    supportSeconds: integer('support_seconds').notNull().default(0),
    /** rejected cuts the operator recorded at close (OEE quality, issue 36); null: none recorded */
    startupRejects: integer('startup_rejects'),
    productionRejects: integer('production_rejects'),
    createdBy: uuid('created_by'),
    /** the ERP's order number of an imported order: re-imports find the order by it */
    externalOrderNumber: text('external_order_number'),
    plannedQuantity: integer('planned_quantity'),
    dueDate: text('due_date'), // YYYY-MM-DD, the ERP's date
    importedAt: timestamp('imported_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('cutting_jobs_tenant_external_key')
      .on(t.tenantId, t.externalOrderNumber)
      .where(sql`external_order_number IS NOT NULL`),
    index('cutting_jobs_tenant_machine_started_idx').on(t.tenantId, t.machineId, t.startedAt),
    // the jobs overlapping a report's period: those not ended before it starts (open ones last)
    index('cutting_jobs_tenant_machine_ended_idx').on(
      t.tenantId,
      t.machineId,
      sql`coalesce(${t.endedAt}, 'infinity'::timestamptz)`,
    ),
    check(
      'cutting_jobs_rejects_check',
      sql`(${t.startupRejects} IS NULL OR ${t.startupRejects} >= 0) AND (${t.productionRejects} IS NULL OR ${t.productionRejects} >= 0)`,
    ),
  ],
);

/**
 * The ideal cut rate an admin configured for a machine (OEE performance, issue 36; owned by the report
 * module). No row: the machine's best clock hour of the last 30 days is used.
 */
export const machineIdealCutRates = pgTable(
  'machine_ideal_cut_rates',
  {
    tenantId: uuid('tenant_id').notNull(),
    machineId: uuid('machine_id').notNull(),
    cutsPerHour: integer('cuts_per_hour').notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.machineId] }),
    foreignKey({
      name: 'machine_ideal_cut_rates_machine_fk',
      columns: [t.tenantId, t.machineId],
      foreignColumns: [cuttingMachines.tenantId, cuttingMachines.id],
    }).onDelete('cascade'),
    check('machine_ideal_cut_rates_cuts_per_hour_check', sql`${t.cutsPerHour} > 0`),
  ],
);

/**
 * Works-council mode of a tenant (issue 18, German co-determination practice): while it is on,
 * per-employee reports and CSVs name employees only by their pseudonym (display name) or a neutral
 * code, never by their real name. One row per tenant that ever switched it; no row means off.
 */
export const worksCouncilSettings = pgTable('works_council_settings', {
  tenantId: uuid('tenant_id').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  /** while enabled: PSEUDONYMS (names as pseudonyms or codes) or TEAMS (per-employee sections show teams) */
  mode: text('mode').notNull().default('PSEUDONYMS'),
  changedBy: uuid('changed_by'),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A team of a tenant's employees (issue 18): works-council mode TEAMS reports per team, not per person. */
export const teams = pgTable(
  'teams',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('teams_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

/** The team an employee belongs to (at most one). */
export const teamMembers = pgTable(
  'team_members',
  {
    tenantId: uuid('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    teamId: uuid('team_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    foreignKey({ columns: [t.tenantId, t.teamId], foreignColumns: [teams.tenantId, teams.id] }).onDelete(
      'cascade',
    ),
    index('team_members_tenant_team_idx').on(t.tenantId, t.teamId),
  ],
);

/*
 * The shift calendar of a location (issue 36; contracts `shift-calendar.ts`): when production is
 * planned there. Saved as a whole (`replaceShiftCalendar`): the calendar row is written first, under
 * the location's lock, then its shifts, breaks and holidays are replaced, in one transaction.
 */

/** A location's calendar: its IANA time zone (no row: the zone of its country, no shifts). */
export const locationCalendars = pgTable(
  'location_calendars',
  {
    tenantId: uuid('tenant_id').notNull(),
    locationId: uuid('location_id').notNull(),
    timeZone: text('time_zone').notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.locationId] }),
    foreignKey({
      name: 'location_calendars_location_fk',
      columns: [t.tenantId, t.locationId],
      foreignColumns: [locations.tenantId, locations.id],
    }).onDelete('cascade'),
  ],
);

/** A shift of the weekly pattern: weekday, name, wall-clock start and end (end ≤ start: ends the next day). */
export const locationShifts = pgTable(
  'location_shifts',
  {
    tenantId: uuid('tenant_id').notNull(),
    locationId: uuid('location_id').notNull(),
    /** its place in the calendar as saved (weekday, then start) */
    position: smallint('position').notNull(),
    /** 1 = Monday … 7 = Sunday */
    weekday: smallint('weekday').notNull(),
    name: text('name').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.locationId, t.position] }),
    foreignKey({
      name: 'location_shifts_calendar_fk',
      columns: [t.tenantId, t.locationId],
      foreignColumns: [locationCalendars.tenantId, locationCalendars.locationId],
    }).onDelete('cascade'),
    check('location_shifts_weekday_check', sql`${t.weekday} BETWEEN 1 AND 7`),
    check('location_shifts_length_check', sql`${t.startTime} <> ${t.endTime}`),
  ],
);

/** A planned break of a shift: its wall-clock start and its minutes. */
export const locationShiftBreaks = pgTable(
  'location_shift_breaks',
  {
    tenantId: uuid('tenant_id').notNull(),
    locationId: uuid('location_id').notNull(),
    shiftPosition: smallint('shift_position').notNull(),
    position: smallint('position').notNull(),
    startTime: time('start_time').notNull(),
    minutes: smallint('minutes').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'location_shift_breaks_pk',
      columns: [t.tenantId, t.locationId, t.shiftPosition, t.position],
    }),
    foreignKey({
      name: 'location_shift_breaks_shift_fk',
      columns: [t.tenantId, t.locationId, t.shiftPosition],
      foreignColumns: [locationShifts.tenantId, locationShifts.locationId, locationShifts.position],
    }).onDelete('cascade'),
    check('location_shift_breaks_minutes_check', sql`${t.minutes} > 0`),
  ],
);

/** A holiday of a location: no shift begins on that local date. */
export const locationHolidays = pgTable(
  'location_holidays',
  {
    tenantId: uuid('tenant_id').notNull(),
    locationId: uuid('location_id').notNull(),
    day: date('day').notNull(),
    name: text('name').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.locationId, t.day] }),
    foreignKey({
      name: 'location_holidays_calendar_fk',
      columns: [t.tenantId, t.locationId],
      foreignColumns: [locationCalendars.tenantId, locationCalendars.locationId],
    }).onDelete('cascade'),
  ],
);

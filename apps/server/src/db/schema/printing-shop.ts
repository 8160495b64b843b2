import {
  bigint,
  boolean,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenants } from './platform';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const counter = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** A site of a printing or grinding shop (spec §3 "Location"). */
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/**
 * A cutting machine with its network settings (spec §3 "Machine") and its live state, which the
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
    knivesCount: integer('knives_count').notNull().default(1),
    active: boolean('active').notNull().default(true),
    licensedAt: timestamp('licensed_at', { withTimezone: true }),
    networkPassword: text('network_password'),
    // network settings (spec §3)
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
    /** the broker or the cloud refused a wrong secret for this username since the last good one */
    refusedAt: timestamp('refused_at', { withTimezone: true }),
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

/** A knife, identified by its RFID tag (spec §3 "Knife"). Counters move with the cuts. */
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
    state: text('state').notNull().default('ACTIVE'), // ACTIVE | SHIPPED | SCRAPPED
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

/** An order the operator books cuts and times to (spec §3 "Cutting job"); partial jobs point to their parent. */
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
    state: text('state').notNull().default('OPEN'), // OPEN | CLOSED | CANCELLED
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    cuts: counter('cuts'),
    processingSeconds: integer('processing_seconds').notNull().default(0),
    downtimeSeconds: integer('downtime_seconds').notNull().default(0),
    supportSeconds: integer('support_seconds').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('cutting_jobs_tenant_machine_started_idx').on(t.tenantId, t.machineId, t.startedAt),
  ],
);

import type { FeatureFlags, TenantConfig, TenantTheme } from '@trackwell/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Drizzle's typed view of the tables that `migrations/*.sql` create. The SQL files are the truth for the
 * database (constraints, indexes); `test/schema.test.ts` checks this file against them column by column.
 */

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey(),
  code: text('code').notNull().unique(),
  config: jsonb('config').$type<TenantConfig>().notNull(),
  theme: jsonb('theme').$type<TenantTheme>().notNull(),
  featureFlags: jsonb('feature_flags').$type<FeatureFlags>().notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const tenantHosts = pgTable('tenant_hosts', {
  host: text('host').primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  canonical: boolean('canonical').notNull().default(false),
});

export const tenantAssets = pgTable(
  'tenant_assets',
  {
    tenantId: uuid('tenant_id').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    body: bytea('body').notNull(),
    sha256: text('sha256').notNull(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.name] })],
);

export const publishers = pgTable(
  'publishers',
  { tenantId: uuid('tenant_id').notNull(), code: text('code').notNull(), name: text('name').notNull() },
  (t) => [primaryKey({ columns: [t.tenantId, t.code] })],
);

export const committees = pgTable(
  'committees',
  {
    tenantId: uuid('tenant_id').notNull(),
    designation: text('designation').notNull(),
    title: text('title').notNull(),
    publisherCode: text('publisher_code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.designation] })],
);

export const industryAreas = pgTable(
  'industry_areas',
  {
    tenantId: uuid('tenant_id').notNull(),
    marketingCode: text('marketing_code').notNull(),
    codeName: text('code_name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.marketingCode] })],
);

export const standards = pgTable('standards', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  tenantId: uuid('tenant_id').notNull(),
  assetId: text('asset_id').notNull(),
  contentCode: text('content_code').notNull(),
  designation: text('designation').notNull(),
  title: text('title').notNull(),
  publisherCode: text('publisher_code').notNull(),
  committeeDesignation: text('committee_designation').notNull(),
  status: text('status', { enum: ['active', 'withdrawn', 'historical'] }).notNull(),
  edition: text('edition').notNull(),
  publishedOn: date('published_on', { mode: 'string' }).notNull(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
  /** Migration 0009: the title's full-text vector, written by the database (catalogue search). */
  titleSearch: tsvector('title_search').notNull().generatedAlwaysAs(sql`to_tsvector('english', title)`),
});

export const standardIndustryAreas = pgTable(
  'standard_industry_areas',
  {
    tenantId: uuid('tenant_id').notNull(),
    standardId: bigint('standard_id', { mode: 'number' }).notNull(),
    marketingCode: text('marketing_code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.standardId, t.marketingCode] })],
);

export const workItems = pgTable('work_items', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  tenantId: uuid('tenant_id').notNull(),
  workItemNumber: text('work_item_number').notNull(),
  title: text('title').notNull(),
  committeeDesignation: text('committee_designation').notNull(),
  status: text('status', { enum: ['proposed', 'in_ballot', 'approved', 'published', 'withdrawn'] }).notNull(),
  createdOn: date('created_on', { mode: 'string' }).notNull(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  login: text('login').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  userType: text('user_type').notNull().default('individual'),
  locale: text('locale'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

/** Migration 0009: each title word with the title's ranking keys (kept by triggers on `standards`). */
export const standardTitleWords = pgTable(
  'standard_title_words',
  {
    tenantId: uuid('tenant_id').notNull(),
    standardId: bigint('standard_id', { mode: 'number' }).notNull(),
    word: text('word').notNull(),
    startsTitle: boolean('starts_title').notNull(),
    inactive: boolean('inactive').notNull(),
    titleLength: integer('title_length').notNull(),
    designation: text('designation').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.standardId, t.word] })],
);

export const contentTrackings = pgTable('content_trackings', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  tenantId: uuid('tenant_id').notNull(),
  userId: uuid('user_id').notNull(),
  standardId: bigint('standard_id', { mode: 'number' }).notNull(),
  trackingOff: boolean('tracking_off').notNull().default(false),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const sourceTrackings = pgTable(
  'source_trackings',
  {
    tenantId: uuid('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    applicationCode: text('application_code', { enum: ['TRACKER', 'COMPASS', 'SB', 'PUB'] }).notNull(),
    trackingType: text('tracking_type', {
      enum: ['COMMITTEE', 'INDUSTRYAREA', 'PUBLISHERS', 'WORKITEM'],
    }).notNull(),
    value: text('value').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.applicationCode, t.trackingType, t.value] })],
);

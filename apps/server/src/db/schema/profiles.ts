import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sites } from './sites.ts';

/**
 * A listed profile: active (not unconfirmed, disabled or deleted) and not invisible. The condition of the partial
 * search indexes, and the base of the visibility policy (modules/profiles/profile-visibility.ts), which is the only
 * code that should use it in a query: written here once so that indexes and queries cannot drift apart.
 */
export const listedProfileCondition = (table: { status: AnyPgColumn; invisible: AnyPgColumn }) =>
  sql`${table.status} = 'active' and ${table.invisible} = false`;
const listed = listedProfileCondition;

/** What members see of a person. Fictional profiles have no login. */
export const profiles = pgTable(
  'profiles',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    fictional: boolean('fictional').notNull().default(false),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    birthDate: date('birth_date').notNull(),
    /** Null until a new member fills in the personal-info step of complete-signup. */
    gender: text('gender'),
    sexuality: text('sexuality'),
    relationshipStatus: text('relationship_status'),
    hairColour: text('hair_colour'),
    eyeColour: text('eye_colour'),
    bodyType: text('body_type'),
    tattoos: text('tattoos'),
    reason: text('reason'),
    interests: text('interests').array().notNull().default([]),
    country: text('country').notNull(),
    region: text('region'),
    city: text('city'),
    aboutMe: text('about_me'),
    aboutMeLanguage: text('about_me_language'),
    invisible: boolean('invisible').notNull().default(false),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('profiles_site_recent_idx').on(table.siteId, table.id),
    // Search walks one of these newest-first and stops after a page: the equality filters (country, region) lead,
    // the id gives the order, and gender and age are checked on the way. Only listed profiles are indexed.
    index('profiles_listed_idx').on(table.siteId, table.id).where(listed(table)),
    index('profiles_listed_country_idx').on(table.siteId, table.country, table.id).where(listed(table)),
    index('profiles_listed_region_idx').on(table.siteId, table.country, table.region, table.id).where(listed(table)),
    // Totals: every filter column in the key, so a count reads just the matching range, from the index alone.
    index('profiles_count_idx').on(table.siteId, table.gender, table.birthDate).where(listed(table)),
    index('profiles_count_country_idx')
      .on(table.siteId, table.country, table.gender, table.birthDate)
      .where(listed(table)),
    index('profiles_count_region_idx')
      .on(table.siteId, table.country, table.region, table.gender, table.birthDate)
      .where(listed(table)),
    check('profiles_name_length', sql`char_length(${table.name}) between 1 and 40`),
  ],
);

export const photos = pgTable(
  'photos',
  {
    id: serial('id').primaryKey(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** Server-generated base name; the variants are `<key>.jpg`, `<key>_match.jpg` and `<key>_thumb.jpg`. */
    storageKey: text('storage_key').notNull().unique(),
    status: text('status', { enum: ['pending', 'active', 'rejected'] })
      .notNull()
      .default('pending'),
    isMain: boolean('is_main').notNull().default(false),
    position: smallint('position').notNull().default(0),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('photos_profile_idx').on(table.profileId, table.position)],
);

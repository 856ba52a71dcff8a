import { z } from 'zod';
import { maximumMonthlyLimit } from '../credits/spend-limits.ts';
import { locales } from '../i18n/locales.ts';
import { idSchema } from '../input.ts';
import { interestKeys } from '../profiles/interests.ts';
import { profileFieldKeys } from '../profiles/profile-fields.ts';

export const countryCodeSchema = z.string().regex(/^[A-Z]{2}$/, 'validation_failed');
export const hostnameSchema = z
  .string()
  .max(253)
  .regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:\d{1,5})?$/i, 'validation_failed');

export const signupModes = ['all', 'with_trafficsource', 'none'] as const;
export const loggedOutSearchModes = ['none', 'limited', 'full'] as const;
export const searchFieldKeys = ['gender', 'country', 'region', 'age'] as const;

/** Niche number (1 to 7) to lander prefix; niche 1 has none. */
export const nichePrefixes = { 1: '', 2: 'she', 3: 'bdsm', 4: 'bbw', 5: 'gilf', 6: 'milf', 7: 'gay' } as const;

/** A site text written per language; a missing language falls back to the catalog default. */
export const localizedTextSchema = z.partialRecord(z.enum(locales), z.string().min(1));
export type LocalizedText = z.infer<typeof localizedTextSchema>;

const creditAmount = z.int().min(0).max(10_000);

/** The time zone of a site that names none (`time_zone`): its daily allowances start at midnight there. */
export const defaultSiteTimeZone = 'Europe/Amsterdam';

/** What a site stores: the operator's choices. Texts may be written per language. */
export const storedSiteSettingsSchema = z.object({
  countries: z.array(countryCodeSchema).min(1),
  name: z.string().min(1),
  index_title: localizedTextSchema.nullable(),
  description: localizedTextSchema.nullable(),
  visible_profile_fields: z.array(z.enum(profileFieldKeys)),
  visible_profile_notes: z.boolean(),
  geoip_selected_country: z.array(countryCodeSchema),
  cdn_prefix: z.string().startsWith('/').endsWith('/'),
  message_credits: creditAmount,
  signup_credits: creditAmount,
  photo_credits: creditAmount,
  gift_credits: creditAmount,
  message_length: z.int().min(1).max(10_000),
  minimum_message_costs: z.record(
    countryCodeSchema,
    z.object({ costs: z.number().nonnegative(), currency: z.string().length(3) }),
  ),
  support_email: z.email(),
  support_phone: z.string().min(1),
  search_fields: z.array(z.enum(searchFieldKeys)),
  domain: hostnameSchema,
  domain_language: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/),
  fictional_warning: localizedTextSchema.nullable(),
  fictional_singular: localizedTextSchema.nullable(),
  fictional_plural: localizedTextSchema.nullable(),
  fictional_icon: z.string().min(1),
  refund_days: z.int().min(0).max(365),
  signups: z.enum(signupModes),
  logged_out_search: z.enum(loggedOutSearchModes),
  logged_out_search_trafficsource: z.enum(loggedOutSearchModes),
  interests: z.array(z.enum(interestKeys)),
  member_resell: z.boolean(),
  niche: z.int().min(1).max(7),
  mail_name: z.string().min(1),
  enable_site_entry_popup: z.enum(['yes', 'no']),
  us_footer: z.boolean(),
  /** The IANA time zone whose calendar days count the daily allowances (swipe likes, auto-likes); Europe/Amsterdam. */
  time_zone: z
    .string()
    .refine((zone) => Intl.supportedValuesOf('timeZone').includes(zone) || zone === 'UTC', 'validation_failed')
    .optional(),
  /** How many fictional profiles may like a member through the auto-like per day (default 3). */
  auto_likes_per_day: z.int().min(0).max(20).optional(),
  /**
   * The monthly spending limit of a member who set none, in whole units of the site's main currency (500: 500 euros);
   * absent: no limit until the member sets one.
   */
  default_monthly_spend_limit: z.int().min(0).max(maximumMonthlyLimit).optional(),
  /** How many of a conversation's newest messages a member may page back to (spec: "chat history has a limit"). */
  chat_history_limit: z.int().min(10).max(100_000).optional(),
});
export type StoredSiteSettings = z.infer<typeof storedSiteSettingsSchema>;

export const regionDataSchema = z.object({
  country: countryCodeSchema,
  region: z.string().nullable(),
  city: z.string().nullable(),
});

/** The settings object the client receives (spec section 3): texts resolved for the request's language. */
export const siteSettingsSchema = storedSiteSettingsSchema.extend({
  index_title: z.string(),
  description: z.string(),
  fictional_warning: z.string(),
  fictional_singular: z.string(),
  fictional_plural: z.string(),
  company_id: idSchema,
  geoip_country: countryCodeSchema,
  region_data: regionDataSchema,
  push_public_key: z.string(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const settingsQuerySchema = z.looseObject({ 'forced-domain': hostnameSchema.optional() });
export const settingsResponseSchema = z.object({ settings: siteSettingsSchema });

export const companyInfoSchema = z.object({
  name: z.string(),
  address: z.string(),
  kvk: z.string(),
  city: z.string(),
  country: countryCodeSchema,
  tradenames: z.array(z.string()),
  vat_numbers: z.record(countryCodeSchema, z.string()),
  support_phone: z.string(),
  delete_discount: z.int().min(0).max(100),
  added: z.iso.datetime({ offset: true }),
});
export type CompanyInfo = z.infer<typeof companyInfoSchema>;
export const companyInfoResponseSchema = z.object({ companyinfo: companyInfoSchema });

export const interestsResponseSchema = z.object({
  interests: z.array(z.object({ key: z.enum(interestKeys), name: z.string(), icon: z.string() })),
});

export const regionsQuerySchema = z.strictObject({ country: countryCodeSchema.optional() });
export const regionsResponseSchema = z.object({
  regions: z.record(
    countryCodeSchema,
    z.object({
      name: z.string(),
      type: z.string(),
      type_name: z.string(),
      regions: z.array(z.object({ code: z.string(), name: z.string() })),
    }),
  ),
});
export type RegionsResponse = z.infer<typeof regionsResponseSchema>;

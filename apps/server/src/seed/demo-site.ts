import { interestKeys } from '@app/shared/profiles/interests';
import { profileFieldKeys } from '@app/shared/profiles/profile-fields';
import type { StoredSiteSettings } from '@app/shared/sites/site-settings';

export const demoSiteHosts = ['hartklop.test', 'localhost', '127.0.0.1'];

export const demoCompany = {
  name: 'Hartklop Media B.V.',
  address: 'Keizersgracht 100',
  kvk: '81234567',
  city: 'Amsterdam',
  country: 'NL',
  tradenames: ['Hartklop', 'Hartklop Dating'],
  vatNumbers: { NL: 'NL862345678B01', BE: 'BE0712345678', DE: 'DE312345678' },
  supportPhone: '+31 20 808 1234',
  deleteDiscount: 50,
  added: new Date('2024-03-01T09:00:00Z'),
};

/** The demo site's settings; texts left null use the catalog's wording in every language. */
export const demoSiteSettings: StoredSiteSettings = {
  countries: ['NL', 'BE', 'DE'],
  name: 'Hartklop',
  index_title: null,
  description: null,
  visible_profile_fields: [...profileFieldKeys],
  visible_profile_notes: true,
  geoip_selected_country: ['NL', 'BE', 'DE'],
  cdn_prefix: '/cdn/',
  message_credits: 5,
  signup_credits: 15,
  photo_credits: 10,
  gift_credits: 15,
  message_length: 1500,
  minimum_message_costs: {
    NL: { costs: 0.99, currency: 'EUR' },
    BE: { costs: 0.99, currency: 'EUR' },
    DE: { costs: 0.99, currency: 'EUR' },
  },
  support_email: 'support@hartklop.test',
  support_phone: '+31 20 808 1234',
  search_fields: ['gender', 'country', 'region', 'age'],
  domain: 'hartklop.test',
  domain_language: 'nl-NL',
  fictional_warning: null,
  fictional_singular: null,
  fictional_plural: null,
  fictional_icon: 'mask',
  refund_days: 14,
  signups: 'all',
  logged_out_search: 'limited',
  logged_out_search_trafficsource: 'full',
  interests: [...interestKeys],
  member_resell: false,
  niche: 1,
  mail_name: 'Hartklop',
  enable_site_entry_popup: 'yes',
  us_footer: false,
  time_zone: 'Europe/Amsterdam',
  auto_likes_per_day: 3,
  chat_history_limit: 500,
  default_monthly_spend_limit: 500,
};

export const demoPassword = 'hartklop-demo';

/** Real, activated member accounts on demo profiles: a free member, a premium member, one nearly out of credits. */
export const demoAccounts = [
  { email: 'demo@hartklop.test', paidUser: false, credits: 0 },
  { email: 'premium@hartklop.test', paidUser: true, credits: 120 },
  { email: 'bijna-op@hartklop.test', paidUser: true, credits: 4 },
] as const;

/**
 * The demo site's credit bundles (euros, VAT included), smallest first. Each stays at or above the minimum price per
 * message (0.99 at 5 credits a message); the 250 is the best value.
 */
export const demoPackages = [
  { currency: 'EUR', credits: 50, priceCents: 1499, label: 'starter', variant: 'p0', bestValue: false },
  { currency: 'EUR', credits: 100, priceCents: 2499, label: 'plus', variant: 'p1', bestValue: false },
  { currency: 'EUR', credits: 250, priceCents: 5499, label: 'popular', variant: 'p2', bestValue: true },
  { currency: 'EUR', credits: 500, priceCents: 9900, label: 'vip', variant: 'p3', bestValue: false },
] as const;

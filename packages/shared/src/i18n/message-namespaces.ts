/**
 * The catalogs' top-level keys are namespaces. A page loads only the namespaces its routes declare (their
 * `handle.messages`), each set from an address that names its contents and its version, so browsers keep it for
 * good. The server's own texts (mails, legal pages, site defaults) never leave it.
 */

import { isLocale, type Locale } from './locales.ts';

/** Namespaces pages may load in the browser, sorted. */
export const browserNamespaces = [
  'account_deleted',
  'activation',
  'chat',
  'chats',
  'common',
  'complaints',
  'complete_signup',
  'credit_alert',
  'credits',
  'direct_debit',
  'entry_warning',
  'error_page',
  'errors',
  'footer',
  'geo',
  'gifts',
  'home',
  'interests',
  'lang_config',
  'likes',
  'likes_shell',
  'login',
  'logout',
  'mail_alert',
  'mail_change',
  'match_finder',
  'member_landing',
  'member_profile',
  'members',
  'nav',
  'notifications',
  'own_profile',
  'payment',
  'photo_alert',
  'premium',
  'pricing',
  'profile',
  'push_alert',
  'reset_password',
  'sandbox',
  'settings',
  'signup',
  'signup_matches',
  'spend_protection',
  'swipe_game',
  'time_bonus',
  'transactions',
  'unsubscribe',
] as const;
export type BrowserNamespace = (typeof browserNamespaces)[number];

/**
 * Namespaces only the server uses: mails, web push and SMS, the local mailbox and SMS box, legal pages (their loader fills them in), and the
 * defaults of site texts and region types (the sites service fills them in).
 */
export const serverNamespaces = [
  'dev_mailbox',
  'dev_smsbox',
  'fictional',
  'legal',
  'mail',
  'push',
  'regions',
  'site',
  'sms',
] as const;

export function isBrowserNamespace(value: string): value is BrowserNamespace {
  return (browserNamespaces as readonly string[]).includes(value);
}

/** `members` for `members.title`. */
export function namespaceOf(key: string): string {
  const dot = key.indexOf('.');
  return dot < 0 ? key : key.slice(0, dot);
}

const filePrefix = '/locales/';

/** Where a set of namespaces of one language and catalog version is served, e.g. `/locales/3f…/nl/geo+members.json`. */
export function messageFilePath(version: string, locale: Locale, namespaces: readonly BrowserNamespace[]): string {
  return `${filePrefix}${version}/${locale}/${[...new Set(namespaces)].sort().join('+')}.json`;
}

export interface MessageFile {
  version: string;
  locale: Locale;
  namespaces: BrowserNamespace[];
}

/**
 * Reads the parts of a message file's address. Only the one spelling `messageFilePath` writes is accepted (known
 * namespaces, sorted, each once), so every set has one address and one cache entry.
 */
export function readMessageFileParts(version: string, locale: string, file: string): MessageFile | null {
  if (!/^[0-9a-f]{1,64}$/.test(version) || !isLocale(locale) || !file.endsWith('.json')) return null;
  const names = file.slice(0, -'.json'.length).split('+');
  if (!names.every(isBrowserNamespace)) return null;
  const namespaces = names as BrowserNamespace[];
  if (messageFilePath(version, locale, namespaces) !== `${filePrefix}${version}/${locale}/${file}`) return null;
  return { version, locale, namespaces };
}

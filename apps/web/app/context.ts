import type { accountSettingsSchema } from '@app/shared/accounts/account-settings';
import type { SessionUser } from '@app/shared/accounts/session-user';
import type { Locale } from '@app/shared/i18n/locales';
import type { Messages } from '@app/shared/i18n/translator';
import type { OwnProfile } from '@app/shared/profiles/profile-update';
import type { MemberSearchQuery, MemberSearchResponse } from '@app/shared/search/member-search';
import type { CompanyInfo, SiteSettings } from '@app/shared/sites/site-settings';
import { createContext } from 'react-router';
import type { z } from 'zod';

/** A member card as the pages show it; fictional ones carry their label. */
export interface MemberCard {
  id: number;
  name: string;
  age: number;
  country: string;
  region: string | null;
  city: string | null;
  fictional: boolean;
  last_active_at: string;
  photo: { match: string; thumb: string } | null;
}

export interface MemberPhoto {
  id: number;
  is_main: boolean;
  locked: boolean;
  full: string | null;
  match: string;
  thumb: string;
}

export interface MemberProfile {
  id: number;
  name: string;
  fictional: boolean;
  age: number | null;
  gender: string | null;
  sexuality: string | null;
  relationship_status: string | null;
  hair_colour: string | null;
  eye_colour: string | null;
  body_type: string | null;
  tattoos: string | null;
  reason: string | null;
  interests: string[];
  living_area: { country: string; region: string | null; city: string | null } | null;
  about_me: string | null;
  last_active_at: string;
  photo_count: number;
  photos: MemberPhoto[];
  blocked_by_viewer: boolean;
  is_own: boolean;
}

/** What the server gives the pages: the site, the visitor, and the services loaders call. */
export interface WebRequestContext {
  siteId: number;
  /** This answer's Content-Security-Policy nonce: only inline scripts that carry it run. */
  cspNonce: string;
  /** Writes an unexpected error to the server's log (redacted like every log line). */
  logError(error: unknown): void;
  /** The site's origin from its configured domain, for absolute URLs (og tags); never from request headers. */
  siteOrigin: string;
  settings: SiteSettings;
  company: CompanyInfo;
  locale: Locale;
  messages: Messages;
  /** The visitor's country by GeoIP, or the site's first country when unknown. */
  visitorCountry: string;
  /** The country the visitor chose on /lang-config, if any. */
  chosenCountry: string | null;
  /** When the visitor closed the adult-content warning (ms since epoch), if ever. */
  entryWarningDismissedAt: number | null;
  user: SessionUser | null;
  services: {
    findShowcaseMembers(limit: number): Promise<MemberCard[]>;
    /** The logged-in member's settings (null for a visitor). */
    findAccountSettings(): Promise<z.infer<typeof accountSettingsSchema> | null>;
    /** A member's profile page as the viewer may see it (AppError not_found when hidden or blocked). */
    findMember(id: number): Promise<MemberProfile>;
    /** The member search of /members (throws AppError for bad input or when visitors may not search). */
    searchMembers(query: MemberSearchQuery): Promise<MemberSearchResponse>;
    /** The logged-in member's own profile fields (null for a visitor). */
    findOwnProfile(): Promise<OwnProfile | null>;
    /** First suggested members after signup, of the gender the member looks for. */
    findSignupMatches(limit: number): Promise<MemberCard[]>;
    /** Ends the session of this request's cookie (the page /logout). */
    logOut(): Promise<void>;
    /**
     * The link of the notice to the old address (/mail-change/undo): puts it back, ends every session and answers a
     * reset link's token (null for a deleted account). Throws AppError for a used, expired or unknown link.
     */
    undoEmailChange(token: string): Promise<{ resetToken: string | null }>;
  };
}

/** Added by the page renderer: the paths of the routes the app has (to hide links to parts not built). */
export interface PageRequestContext extends WebRequestContext {
  knownPaths: readonly string[];
}

export const webContext = createContext<PageRequestContext>();

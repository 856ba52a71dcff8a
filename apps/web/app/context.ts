import type { SessionUser } from '@app/shared/accounts/session-user';
import type { Locale } from '@app/shared/i18n/locales';
import type { Messages } from '@app/shared/i18n/translator';
import { createContext } from 'react-router';
import type { PageServices } from '../../server/src/app.ts';
import type { SiteVisit } from '../../server/src/modules/sites/sites.module.ts';

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

/** What the server gives the pages: the site, the visitor, and every module's page services. */
export interface WebRequestContext extends SiteVisit {
  siteId: number;
  /** This answer's Content-Security-Policy nonce: only inline scripts that carry it run. */
  cspNonce: string;
  /** Writes an unexpected error to the server's log (redacted like every log line). */
  logError(error: unknown): void;
  /** The site's origin from its configured domain, for absolute URLs (og tags); never from request headers. */
  siteOrigin: string;
  locale: Locale;
  messages: Messages;
  user: SessionUser | null;
  /** What loaders and actions may call, per module (`services.profiles.findMember(id)`), bound to this request. */
  services: PageServices;
}

/** Added by the page renderer: the paths of the routes the app has (to hide links to parts not built). */
export interface PageRequestContext extends WebRequestContext {
  knownPaths: readonly string[];
}

export const webContext = createContext<PageRequestContext>();

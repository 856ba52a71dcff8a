import type { SessionUser } from '@app/shared/accounts/session-user';
import type { Locale } from '@app/shared/i18n/locales';
import type { Messages, Translate } from '@app/shared/i18n/translator';
import { createContext } from 'react-router';
import type { PageServices } from '../../server/src/app.ts';
import type { SiteVisit } from '../../server/src/modules/sites/sites.module.ts';

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
  /** The whole catalog of the visitor's language (the server's texts included), for loaders. */
  messages: Messages;
  /** The language's translator, made once per process: loaders and the server render use it. */
  translate: Translate;
  /** The version of the language's browser messages, part of the message files' addresses. */
  messagesVersion: string;
  user: SessionUser | null;
  /** What loaders and actions may call, per module (`services.profiles.findMember(id)`), bound to this request. */
  services: PageServices;
  /**
   * Filled by the render (entry.server.tsx) for the server: whether the page went out without script, and the
   * document's parts with the body-less Response it belongs to, which the server sends in that Response's place.
   */
  rendered: { noScript: boolean; document?: { response: Response; parts: readonly string[] } };
}

export const webContext = createContext<WebRequestContext>();

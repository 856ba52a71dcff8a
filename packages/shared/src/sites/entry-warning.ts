/** The cookie that remembers when the visitor closed the adult-content warning (ms since epoch), for a year. */
export const entryWarningCookieName = 'entry_warning_dismissed';
export const entryWarningCookieMaxAge = 365 * 24 * 60 * 60;

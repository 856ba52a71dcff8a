import { run } from '@zootools/email-spell-checker';

/** The mail domains members here use most (the Netherlands, Belgium, Germany and the big international ones). */
const commonDomains = [
  'gmail.com',
  'hotmail.com',
  'hotmail.nl',
  'hotmail.be',
  'outlook.com',
  'outlook.be',
  'live.nl',
  'live.be',
  'live.com',
  'msn.com',
  'icloud.com',
  'yahoo.com',
  'ziggo.nl',
  'kpnmail.nl',
  'planet.nl',
  'home.nl',
  'xs4all.nl',
  'telenet.be',
  'skynet.be',
  'gmx.de',
  'gmx.net',
  'web.de',
  't-online.de',
  'proton.me',
  'protonmail.com',
];

/**
 * "Did you mean …?" for a mistyped common mail domain (gmial.com → gmail.com); null when nothing fits. Only whole
 * domains are matched: the library's second-level and top-level guesses are switched off (empty lists), as they turn
 * real addresses into wrong ones (firma.lu → firma.ru, gmail.xyz → mail.xyz). The part before the @ is kept as typed,
 * as the library lower-cases and URI-encodes it.
 */
export function suggestEmail(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at < 1) return null;
  const suggestion = run({ email, domains: commonDomains, secondLevelDomains: [], topLevelDomains: [] });
  return suggestion ? `${email.slice(0, at)}@${suggestion.domain}` : null;
}

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
] as const;

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

/** "Did you mean …?" for a mistyped common mail domain (gmial.com → gmail.com); null when nothing fits. */
export function suggestEmail(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at < 1) return null;
  const domain = email.slice(at + 1).toLowerCase();
  if (!domain || (commonDomains as readonly string[]).includes(domain)) return null;
  let best: { domain: string; score: number } | null = null;
  for (const candidate of commonDomains) {
    const score = distance(domain, candidate);
    if (score <= 2 && (!best || score < best.score)) best = { domain: candidate, score };
  }
  return best ? `${email.slice(0, at)}@${best.domain}` : null;
}

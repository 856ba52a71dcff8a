/**
 * An address shown in a mail to someone who may not own it (the notice of an e-mail change to the old address):
 * enough to recognise it, not enough to write to it. `jan.jansen@example.com` becomes `ja***@e***.com`.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = at > 0 ? email.slice(0, at) : email;
  const domain = at > 0 ? email.slice(at + 1) : '';
  const shownLocal = local.slice(0, local.length > 3 ? 2 : 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${shownLocal}***@${host.slice(0, 1)}***${tld}`;
}

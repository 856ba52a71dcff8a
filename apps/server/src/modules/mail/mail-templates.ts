import type { Translate } from '@app/shared/i18n/translator';

export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

// Kept by hand: one complete line (all five special characters); escape-html would be a dependency for the same.
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The site's mail frame around a body of HTML: its name on top, a footer of small print (each part its own line). */
function frameHtml(siteName: string, body: string, footer: string): string {
  return `<!doctype html><html><body style="margin:0;background:#fbf7f8;font-family:Arial,Helvetica,sans-serif;color:#2b2a33">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border-radius:12px">
<tr><td style="background:#d14470;color:#fff;padding:18px 24px;border-radius:12px 12px 0 0;font-size:20px;font-weight:bold">${escapeHtml(siteName)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">
${body}
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#6c757d;border-top:1px solid #eee">${footer}</td></tr>
</table></td></tr></table></body></html>`;
}

function buttonHtml(text: string, url: string): string {
  return `<p style="text-align:center;margin:28px 0"><a href="${escapeHtml(url)}" style="background:#d14470;color:#fff;text-decoration:none;padding:12px 24px;border-radius:8px;font-weight:bold;display:inline-block">${escapeHtml(text)}</a></p>`;
}

/**
 * A transactional mail in the site's colours: greeting, paragraphs, one button, and the support address.
 * Every text comes from the catalog (`mail.<kind>.*`), in the member's language.
 */
export function renderActionMail(input: {
  t: Translate;
  kind: string;
  values: Record<string, string | number>;
  actionUrl: string;
  siteName: string;
  supportEmail: string;
}): MailContent {
  const { t, kind, values } = input;
  const all = { ...values, site_name: input.siteName, support_email: input.supportEmail };
  const subject = t(`mail.${kind}.subject`, all);
  const greeting = t('mail.greeting', all);
  const paragraphs = t(`mail.${kind}.body`, all).split('\n\n');
  const button = t(`mail.${kind}.button`, all);
  const footer = t('mail.footer', all);
  const html = frameHtml(
    input.siteName,
    `<p>${escapeHtml(greeting)}</p>
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${buttonHtml(button, input.actionUrl)}
<p style="font-size:13px;color:#6c757d;word-break:break-all">${escapeHtml(input.actionUrl)}</p>`,
    escapeHtml(footer),
  );
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${button}: ${input.actionUrl}`,
    '',
    '--',
    footer,
  ].join('\n');
  return { subject, html, text };
}

/** A link in a mail's small print: its text and where it goes. */
export interface MailLink {
  text: string;
  url: string;
}

/**
 * A notification mail (new messages, likes, reminders, the weekly update), its texts already translated: greeting,
 * paragraphs, an optional list (names, members), one button, and small print with the links to stop this kind of
 * mail and to all mail settings.
 */
export function renderNotificationMail(input: {
  siteName: string;
  subject: string;
  greeting: string;
  paragraphs: readonly string[];
  items?: readonly string[];
  button: MailLink;
  footer: string;
  links: readonly MailLink[];
}): MailContent {
  const items = input.items ?? [];
  const list =
    items.length > 0
      ? `<ul style="padding-left:20px">${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`
      : '';
  const linksHtml = input.links
    .map((link) => `<a href="${escapeHtml(link.url)}" style="color:#6c757d">${escapeHtml(link.text)}</a>`)
    .join('<br>');
  const html = frameHtml(
    input.siteName,
    `<p>${escapeHtml(input.greeting)}</p>
${input.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${list}
${buttonHtml(input.button.text, input.button.url)}`,
    `${escapeHtml(input.footer)}<br>${linksHtml}`,
  );
  const text = [
    input.greeting,
    '',
    ...input.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(items.length > 0 ? [...items.map((item) => `- ${item}`), ''] : []),
    `${input.button.text}: ${input.button.url}`,
    '',
    '--',
    input.footer,
    ...input.links.map((link) => `${link.text}: ${link.url}`),
  ].join('\n');
  return { subject: input.subject, html, text };
}

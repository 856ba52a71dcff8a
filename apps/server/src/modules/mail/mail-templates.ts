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
  const html = `<!doctype html><html><body style="margin:0;background:#fbf7f8;font-family:Arial,Helvetica,sans-serif;color:#2b2a33">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border-radius:12px">
<tr><td style="background:#d14470;color:#fff;padding:18px 24px;border-radius:12px 12px 0 0;font-size:20px;font-weight:bold">${escapeHtml(input.siteName)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
<p style="text-align:center;margin:28px 0"><a href="${escapeHtml(input.actionUrl)}" style="background:#d14470;color:#fff;text-decoration:none;padding:12px 24px;border-radius:8px;font-weight:bold;display:inline-block">${escapeHtml(button)}</a></p>
<p style="font-size:13px;color:#6c757d;word-break:break-all">${escapeHtml(input.actionUrl)}</p>
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#6c757d;border-top:1px solid #eee">${escapeHtml(footer)}</td></tr>
</table></td></tr></table></body></html>`;
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

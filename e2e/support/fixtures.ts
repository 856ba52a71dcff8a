import { type BrowserContext, expect, type Page } from '@playwright/test';

/** Marks the adult-content warning as closed, for journeys about something else. */
export async function dismissEntryWarning(context: BrowserContext, baseURL: string) {
  await context.addCookies([{ name: 'entry_warning_dismissed', value: String(Date.now()), url: baseURL }]);
}

/** Pretends the site runs as an installed app: `(display-mode: standalone)` matches. */
export async function emulateInstalledApp(context: BrowserContext) {
  await context.addInitScript(() => {
    const original = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => {
      const result = original(query);
      if (!query.includes('display-mode: standalone')) return result;
      const standalone = Object.create(result);
      Object.defineProperty(standalone, 'matches', { value: true });
      return standalone as MediaQueryList;
    };
  });
}

export function siteUrl(baseURL: string, host: string) {
  const url = new URL(baseURL);
  url.hostname = host;
  return url.toString();
}

/** Logs a demo member in through the login page and waits on /members until the page is live. */
export async function loginToMembers(page: Page, email: string, password = 'hartklop-demo') {
  await page.goto('/login?redirect=%2Fmembers');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/members$/);
  await page.waitForLoadState('networkidle');
}

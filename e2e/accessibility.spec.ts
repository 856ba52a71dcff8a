import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { dismissEntryWarning, expect, test } from './support/fixtures.ts';

// WCAG 2.2 AA, the level DESIGN.md promises: axe finds no serious or critical violation on any page, on a phone
// and on a desktop, for a visitor and for a member, and on the phone every control is at least 44 × 44 px. One
// browser context per width and role; each page is one soft check, so a failing run lists every page that fails,
// not only the first. A11Y_SUMMARY=1 prints what each page has, for before-and-after counts.

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const widths = [
  { name: 'phone', viewport: { width: 375, height: 740 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
];

const visitorPaths = [
  '/',
  '/members',
  '/login',
  '/signup',
  '/reset-password',
  '/reset-password/do?token=unknown',
  '/mail-change/do?token=unknown',
  '/pages/terms',
  '/pages/privacy',
  '/pages/cookies',
  '/pages/ban',
  '/pages/return-policy',
  '/pages/faq',
  '/pages/service',
  '/complaints',
  '/pricing',
  '/lang-config',
  '/activate/done',
  '/activate/error',
  '/account-deleted',
  '/no/such/page',
];

/** A hydrated page has its module script; a page that ships none is done once loaded. */
async function waitUntilSettled(page: Page) {
  const hydrates = await page.locator('script[type="module"]').count();
  if (hydrates > 0) await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
}

/** The serious and critical violations on the page as it is now, one line each: rule, how many nodes, where. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}, ${violation.nodes.length}): ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
}

/**
 * The controls a finger uses that are smaller than 44 × 44 px. A checkbox or radio counts with its row (the label is
 * part of the target), a stretched link with the card it covers; a link inside a sentence and what is hidden or
 * visually hidden do not count.
 */
async function smallTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate((minimum) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"]',
    );
    const small: string[] = [];
    for (const control of controls) {
      const own = control.getBoundingClientRect();
      if (own.width <= 1 || own.height <= 1 || control.closest('[hidden], [aria-hidden="true"]')) {
        // Hidden, or visually hidden behind its label (the interest chips): the label is measured instead.
        if (!(control instanceof HTMLInputElement && control.labels?.length)) continue;
      }
      const inSentence =
        control.tagName === 'A' &&
        getComputedStyle(control).display === 'inline' &&
        (control.parentElement?.textContent ?? '').trim().length > (control.textContent ?? '').trim().length;
      if (inSentence) continue;
      let target: Element = control;
      if (control instanceof HTMLInputElement && ['checkbox', 'radio'].includes(control.type)) {
        target = control.closest('.form-check') ?? control.labels?.[0] ?? control;
      } else if (control instanceof HTMLInputElement && own.width <= 1) {
        target = control.labels![0]!;
      } else if (control.classList.contains('stretched-link')) {
        let parent = control.parentElement;
        while (parent && getComputedStyle(parent).position === 'static') parent = parent.parentElement;
        target = parent ?? control;
      }
      const box = target.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.height < minimum - 0.5 || box.width < minimum - 0.5) {
        const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 30);
        small.push(`<${control.tagName.toLowerCase()}> "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return small;
  }, 44);
}

async function checkPage(page: Page, label: string) {
  const found = await seriousViolations(page);
  if (page.viewportSize()!.width < 576) {
    const small = await smallTouchTargets(page);
    if (process.env.A11Y_SUMMARY && small.length) console.log(`touch ${label}: ${small.join('; ')}`);
    expect.soft(small, `controls under 44 × 44 px on ${label}`).toEqual([]);
  }
  if (process.env.A11Y_SUMMARY)
    console.log(`axe ${label}: ${found.length}${found.map((line) => `\n  ${line}`).join('')}`);
  expect.soft(found, `serious or critical WCAG 2.2 AA violations on ${label}`).toEqual([]);
}

async function visit(page: Page, path: string, label: string) {
  await page.goto(path);
  await waitUntilSettled(page);
  await checkPage(page, label);
}

/** A member's page, as the visitor or member finds it: the first card in the search. */
async function firstMemberPath(page: Page): Promise<string> {
  await page.goto('/members');
  const href = await page.locator('.member-card a.member-card-link').first().getAttribute('href');
  expect(href).toMatch(/^\/members\/\d+$/);
  return href!;
}

for (const { name, viewport } of widths) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test(`every visitor page passes axe on a ${name}`, async ({ page, context, baseURL }) => {
      test.setTimeout(120_000);
      // The entry warning first, over the home page, without the cookie that dismisses it.
      await page.goto('/');
      await waitUntilSettled(page);
      await expect(page.locator('#site-entry-warning')).toBeVisible();
      await checkPage(page, `the entry warning (${name})`);

      await dismissEntryWarning(context, baseURL!);
      for (const path of visitorPaths) await visit(page, path, `${path} (${name}, visitor)`);

      const member = await firstMemberPath(page);
      for (const path of [member, `${member}/landing`, `${member}/signup`]) {
        await visit(page, path, `${path} (${name}, visitor)`);
      }

      await page.goto('/?signup=modal');
      await waitUntilSettled(page);
      await expect(page.locator('#signup-modal')).toBeVisible();
      await expect(page.locator('#signup-modal input[type="email"]')).toBeVisible();
      await checkPage(page, `the signup modal (${name})`);
    });

    test.describe('logged in', () => {
      test.use({ memberOptions: { completeSignup: false } });

      test(`every member page passes axe on a ${name}`, async ({ page, context, baseURL, member }) => {
        test.setTimeout(120_000);
        expect(member.userId).toBeGreaterThan(0);
        await dismissEntryWarning(context, baseURL!);
        // Each step of /complete-signup as the member meets it, then the rest of the member's pages.
        for (let step = 0; step < 5; step++) {
          const answer = await page.request.put('/api/signup-step.php', {
            headers: { 'x-request-type': 'client' },
            data: step === 4 ? { step, push_choice: 'declined' } : { step },
          });
          expect(answer.status()).toBe(200);
          await visit(page, '/complete-signup', `/complete-signup step ${step + 1} (${name}, member)`);
        }
        for (const path of [
          '/signup-matches',
          '/members',
          '/profile',
          '/settings',
          '/pricing',
          '/complaints',
          '/swipe-game',
          '/likes',
          '/likes/given',
          '/likes/matches',
          '/chats',
          '/transactions',
          '/transactions?tab=credits',
          '/credits/repeat-order',
        ]) {
          await visit(page, path, `${path} (${name}, member)`);
        }
        await visit(page, '/match-finder', `/match-finder (${name}, member)`);
        const answers = { gender: 'any', min_age: 18, max_age: 99, place: 'any', interests: ['travel'] };
        const saved = await page.request.put('/api/match-finder.php', {
          headers: { 'x-request-type': 'client' },
          data: answers,
        });
        expect(saved.status()).toBe(200);
        await visit(page, '/match-finder?results=1', `/match-finder results (${name}, member)`);
        await visit(page, await firstMemberPath(page), `a member profile (${name}, member)`);

        // The like and match modals: a fictional profile likes the member (the auto-like), `t` shows the like, and
        // liking it back makes a match.
        const client = { 'x-request-type': 'client' };
        const autoLike = await page.request.get('/api/auto-like.php', { headers: client });
        const liker = (await autoLike.json()).profile as { id: number } | null;
        expect(liker, 'a fictional profile likes the new member').not.toBeNull();
        await page.goto('/members?t=0');
        await waitUntilSettled(page);
        await expect(page.locator('#like-modal')).toBeVisible();
        await checkPage(page, `the like modal (${name}, member)`);
        await page.goto(`/members/${liker!.id}`);
        await waitUntilSettled(page);
        await page.getByTestId('like-button').click();
        await expect(page.locator('#match-modal')).toBeVisible();
        await checkPage(page, `the match modal (${name}, member)`);
        await page.request.delete('/api/like.php', { headers: client, data: { profile: liker!.id } });
      });
    });
  });
}

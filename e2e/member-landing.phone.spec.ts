import { dismissEntryWarning, expect, firstFound, test, uniqueEmail, waitUntilLive } from './support/fixtures.ts';

// The visitor signs up through the page, from an address of this test alone (the per-address signup limit).
test.use({ ownClientAddress: true });

test('a visitor comes in on a member landing page, signs up with that member as target, and is led back to them', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  await dismissEntryWarning(context, baseURL!);
  // A fictional member, so that the label is checked on the landing and signup pages too. Looked up as the demo
  // member (reading only): a visitor's search shows only the newest members, which other tests' members can fill.
  const login = await request.post('/api/user.php', {
    headers: { 'x-request-type': 'client' },
    data: { email: 'demo@hartklop.test', password: 'hartklop-demo' },
  });
  expect(login.status()).toBe(200);
  const fictional = await firstFound(request, (found) => found.fictional);
  expect(fictional).not.toBeNull();
  const memberId = fictional!.id;

  // The landing page is plain HTML: no script at all.
  await page.goto(`/members/${memberId}/landing?network=partner-7`);
  await expect(page.locator('script')).toHaveCount(0);
  const target = page.getByTestId('target-member');
  const name = (await target.locator('.target-member-name').textContent())!.split(',')[0]!;
  await expect(page.getByRole('heading', { name: `Maak kennis met ${name}` })).toBeVisible();
  await expect(target.getByTestId('fictional-label')).toBeVisible();
  await expect(page.getByTestId('fictional-warning')).toBeVisible();
  await page.getByRole('link', { name: 'Gratis aanmelden' }).click();

  await expect(page).toHaveURL(new RegExp(`/members/${memberId}/signup\\?network=partner-7$`));
  await waitUntilLive(page);
  await expect(page.getByTestId('target-member').getByTestId('fictional-label')).toBeVisible();
  await page.getByLabel('E-mailadres').fill(uniqueEmail('doel'));
  await page.getByLabel('Profielnaam').fill('Noor');
  await page.getByLabel('Wachtwoord').fill('zomer-aan-zee-42');
  await page.getByLabel('Geboortedatum').fill('1990-06-01');
  await page.getByRole('button', { name: 'Account aanmaken' }).click();

  await expect(page).toHaveURL(/\/complete-signup/);
  await expect(page.getByTestId('target-member')).toContainText(`Nog een paar stappen, dan ga je verder bij ${name}.`);
  await page
    .locator('#activation-reminder')
    .getByRole('button', { name: /Sluiten/ })
    .click();
  // No photo yet: the step is skipped.
  await page.getByRole('button', { name: 'Overslaan' }).click();
  await page.getByLabel('Ik ben', { exact: true }).selectOption('female');
  await page.getByLabel('Geaardheid').selectOption('hetero');
  await page.getByLabel('Woonplaats').fill('Zwolle');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByTestId('signup-progress')).toHaveText('Stap 3 van 5');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.getByRole('button', { name: 'Nee, liever niet' }).click();
  await expect(page.getByTestId('signup-progress')).toHaveText('Stap 5 van 5');
  await page.getByRole('button', { name: `Verder naar ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/members/${memberId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
});

test('a landing page for a member who is gone leads to the plain signup', async ({ page, context, baseURL }) => {
  await dismissEntryWarning(context, baseURL!);
  await page.goto('/members/99999999/landing?network=partner-7');
  await expect(page).toHaveURL(/\/signup\?network=partner-7$/);
  // The profile page itself answers a real 404.
  expect((await page.goto('/members/99999999'))?.status()).toBe(404);
});

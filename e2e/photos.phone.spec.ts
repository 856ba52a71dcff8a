import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { dismissEntryWarning } from './support/fixtures.ts';

test('a free member uploads three photos on a phone and hits the limit', async ({ page, context, baseURL }) => {
  await dismissEntryWarning(context, baseURL!);
  const email = `fotos-${Date.now()}@example.com`;
  await page.goto('/signup');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Profielnaam').fill('Fotomaker');
  await page.getByLabel('Wachtwoord').fill('zomer-aan-zee-42');
  await page.getByLabel('Geboortedatum').fill('1990-03-03');
  await page.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(page).toHaveURL(/\/complete-signup/);

  await page.goto('/profile');
  await expect(page.getByTestId('photo-alert')).toBeVisible();
  const photo = (colour: string) =>
    sharp({ create: { width: 600, height: 750, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
  for (const [index, colour] of ['#d14470', '#822d32', '#30a627'].entries()) {
    await page
      .locator('#own-photo-input')
      .setInputFiles({ name: `foto-${index}.jpg`, mimeType: 'image/jpeg', buffer: await photo(colour) });
    await expect(page.getByTestId('own-photos').locator('li')).toHaveCount(index + 1);
  }
  await expect(page.getByText('Je kunt nog 0 foto’s toevoegen.')).toBeVisible();
  await page
    .locator('#own-photo-input')
    .setInputFiles({ name: 'vier.jpg', mimeType: 'image/jpeg', buffer: await photo('#000000') });
  await expect(page.getByTestId('photo-note')).toContainText('Je hebt het maximale aantal foto’s bereikt (3).');
  await expect(page.getByTestId('own-photos').locator('li')).toHaveCount(3);

  await page.getByTestId('own-photos').getByRole('button', { name: 'Verwijderen' }).last().click();
  await expect(page.getByTestId('photo-note')).toHaveText('Foto verwijderd.');
  await expect(page.getByTestId('own-photos').locator('li')).toHaveCount(2);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

import sharp from 'sharp';
import { dismissEntryWarning, expect, test, waitUntilLive } from './support/fixtures.ts';

// A new member of this test alone who goes to the profile before finishing complete-signup (its first step is a photo).
test.use({ memberOptions: { completeSignup: false } });

test('a free member uploads three photos on a phone and hits the limit', async ({
  page,
  context,
  baseURL,
  member: _member,
}) => {
  await dismissEntryWarning(context, baseURL!);
  await page.goto('/profile');
  await expect(page.getByTestId('photo-alert')).toBeVisible();
  await waitUntilLive(page);
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

  // Deleting opens a confirmation first; "make main" sits apart, and every control is at least 44 px high.
  const last = page.getByTestId('own-photos').locator('li').last();
  const makeMain = await last.getByRole('button', { name: 'Maak hoofdfoto' }).boundingBox();
  const remove = await last.locator('summary', { hasText: 'Verwijderen' }).boundingBox();
  expect(makeMain!.height).toBeGreaterThanOrEqual(44);
  expect(remove!.height).toBeGreaterThanOrEqual(44);
  expect(remove!.y).toBeGreaterThanOrEqual(makeMain!.y + makeMain!.height + 8);
  await last.locator('summary', { hasText: 'Verwijderen' }).click();
  await last.getByRole('button', { name: 'Ja, verwijderen' }).click();
  await expect(page.getByTestId('photo-note')).toHaveText('Foto verwijderd.');
  await expect(page.getByTestId('own-photos').locator('li')).toHaveCount(2);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

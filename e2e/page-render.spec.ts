import { expect, test, waitUntilLive } from './support/fixtures.ts';

// React Router's hydration data is read beside the render and written after the page (entry.server.tsx, decision
// 026): the page must still be a standards-mode document that hydrates with its data.

test('a member page rendered again and again is a standards-mode document that hydrates with its data', async ({
  page,
  member,
}) => {
  expect(member.profileId).toBeGreaterThan(0);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  for (let load = 1; load <= 3; load++) {
    const response = await page.goto('/members');
    const html = await response!.text();
    expect(html.startsWith('<!DOCTYPE html><html'), `load ${load}`).toBe(true);
    expect(html.endsWith('streamController.close();</script></body></html>'), `load ${load}`).toBe(true);
    await waitUntilLive(page);
    expect(await page.evaluate(() => document.compatMode), `load ${load}`).toBe('CSS1Compat');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leden zoeken');
  }
  // The router hydrated with the page's data: a link moves on inside the page, without loading a document.
  await page.evaluate(() => {
    (window as unknown as { marker: string }).marker = 'same document';
  });
  await page.getByTestId('nav-likes').first().click();
  await expect(page).toHaveURL(/\/likes$/);
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same document');
  expect(errors).toEqual([]);
});

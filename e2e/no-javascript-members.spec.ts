import sharp from 'sharp';
import { dismissEntryWarning, expect, firstFound, test } from './support/fixtures.ts';

// Everything a member does here works as plain HTML: forms that post or get, links, and <details>.
test.use({ javaScriptEnabled: false });

test('without JavaScript a member searches from their own answers, with filters and a second page', async ({
  page,
  context,
  baseURL,
  member: _member,
}) => {
  await dismissEntryWarning(context, baseURL!);
  // The fixture's member is a straight woman of 1990 in the Netherlands: the search starts with men around her age.
  await page.goto('/members');
  await expect(page.getByLabel('Geslacht')).toHaveValue('male');
  await expect(page.getByLabel('Land', { exact: true })).toHaveValue('NL');
  await expect(page.getByLabel('Leeftijd vanaf')).not.toHaveValue('');

  await page.getByLabel('Geslacht').selectOption('');
  await page.getByLabel('Land', { exact: true }).selectOption('');
  await page.getByLabel('Leeftijd vanaf').fill('18');
  await page.getByLabel('tot en met').fill('99');
  await page.getByRole('button', { name: 'Zoeken' }).click();
  await expect(page).toHaveURL(/gender=&country=&(region=&)?min_age=18&max_age=99$/);
  const total = Number((await page.getByTestId('search-count').textContent())!.match(/\d+/)![0]);
  expect(total).toBeGreaterThan(24);
  await expect(page.getByTestId('search-results').locator('.member-card')).toHaveCount(24);
  const firstPage = await page.getByTestId('search-results').locator('a.stretched-link').first().getAttribute('href');

  await page.getByTestId('search-next').click();
  await expect(page).toHaveURL(/min_age=18&max_age=99&cursor=\d+/);
  await expect(page.getByLabel('Geslacht')).toHaveValue('');
  await expect(page.getByTestId('search-count')).toHaveText(`${total} leden gevonden`);
  const secondPage = await page.getByTestId('search-results').locator('a.stretched-link').first().getAttribute('href');
  expect(secondPage).not.toBe(firstPage);
});

test('without JavaScript a member edits the profile, adds a photo and deletes it', async ({
  page,
  context,
  baseURL,
  member: _member,
}) => {
  await dismissEntryWarning(context, baseURL!);
  await page.goto('/profile');
  const personal = page.locator('#personal');
  await personal.getByLabel('Relatiestatus').selectOption('single');
  await personal.getByRole('button', { name: 'Opslaan' }).click();
  await expect(personal.getByTestId('profile-note')).toHaveText('Je profiel is opgeslagen.');
  await expect(page).toHaveURL(/\/profile#personal$/);

  const about = page.locator('#about');
  await about.getByLabel('Over mij', { exact: true }).fill('Ik wandel graag langs de grachten en houd van koken.');
  await about.getByRole('button', { name: 'Opslaan' }).click();
  await expect(about.getByTestId('profile-note')).toHaveText('Je profiel is opgeslagen.');
  await page.goto('/profile');
  await expect(page.getByLabel('Relatiestatus')).toHaveValue('single');
  await expect(page.getByLabel('Over mij', { exact: true })).toHaveValue(
    'Ik wandel graag langs de grachten en houd van koken.',
  );

  // A file that is no photo comes back with the reason; a photo is added.
  const photos = page.getByTestId('own-photos').locator('li');
  const before = await photos.count();
  await page
    .getByLabel('Foto toevoegen of maken')
    .setInputFiles({ name: 'notitie.txt', mimeType: 'text/plain', buffer: Buffer.from('geen foto') });
  await page.getByRole('button', { name: 'Foto uploaden' }).click();
  await expect(page).toHaveURL(/photo_error=photo_invalid/);
  await expect(page.getByTestId('photo-note')).toContainText('Dit bestand kunnen we niet als foto gebruiken.');

  const photo = await sharp({ create: { width: 600, height: 750, channels: 3, background: '#30a627' } })
    .jpeg()
    .toBuffer();
  await page
    .getByLabel('Foto toevoegen of maken')
    .setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByRole('button', { name: 'Foto uploaden' }).click();
  await expect(page).toHaveURL(/\/profile\?photo_done=upload#photos$/);
  await expect(page.getByTestId('photo-note')).toHaveText('Foto toegevoegd.');
  await expect(photos).toHaveCount(before + 1);

  // Deleting takes opening the confirmation, then confirming.
  const added = photos.last();
  await expect(added.getByRole('button', { name: 'Ja, verwijderen' })).toBeHidden();
  await added.locator('summary', { hasText: 'Verwijderen' }).click();
  await added.getByRole('button', { name: 'Ja, verwijderen' }).click();
  await expect(page).toHaveURL(/\/profile\?photo_done=delete#photos$/);
  await expect(page.getByTestId('photo-note')).toHaveText('Foto verwijderd.');
  await expect(photos).toHaveCount(before);
});

test('without JavaScript a member blocks and unblocks a member, and sends a complaint', async ({
  page,
  context,
  baseURL,
  member: _member,
}) => {
  await dismissEntryWarning(context, baseURL!);
  const other = await firstFound(page.request, (found) => !found.fictional);
  expect(other).not.toBeNull();
  const blockedIds = async () =>
    ((await (await page.request.get('/api/blocks.php')).json()).blocked as { id: number }[]).map((item) => item.id);

  await page.goto(`/members/${other!.id}`);
  // The confirmation is a modal the server renders for `?block=modal`; its close link leads back.
  await page.getByRole('link', { name: 'Blokkeren', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/members/${other!.id}\\?block=modal$`));
  const dialog = page.getByRole('dialog', { name: 'blokkeren?' });
  await dialog.getByRole('link', { name: 'Annuleren' }).click();
  await expect(page).toHaveURL(new RegExp(`/members/${other!.id}$`));
  await expect(dialog).toHaveCount(0);
  await page.getByRole('link', { name: 'Blokkeren', exact: true }).click();
  await dialog.getByRole('button', { name: 'Ja, blokkeren' }).click();
  await expect(page).toHaveURL(/\/members$/);
  expect(await blockedIds()).toContain(other!.id);

  // A refused block (no such member) lands on the search too, which says why.
  const refused = await page.request.post('/blocks', {
    form: { intent: 'block', profile_id: '999999999', redirect: '/members' },
    headers: { origin: new URL(baseURL!).origin },
    maxRedirects: 0,
  });
  expect(refused.headers().location).toBe('/members?block_error=not_found');
  await page.goto(refused.headers().location!);
  await expect(page.getByTestId('block-error')).toHaveText('Niet gevonden.');

  await page.goto(`/members/${other!.id}`);
  await expect(page.getByText('Je hebt dit lid geblokkeerd.')).toBeVisible();
  await page.getByRole('button', { name: 'Deblokkeren' }).click();
  await expect(page).toHaveURL(new RegExp(`/members/${other!.id}$`));
  await expect(page.getByRole('link', { name: 'Blokkeren', exact: true })).toBeVisible();
  expect(await blockedIds()).not.toContain(other!.id);

  // The server checks the complaint with the same schema and shows what is wrong, then takes it.
  await page.goto('/complaints');
  await page.getByLabel('Je naam').fill('Merel');
  await page.getByLabel('Je e-mailadres').fill('merel@example.com');
  await page.getByLabel('Waar gaat je klacht over?').selectOption('fake_profile');
  await page.getByLabel('Je klacht', { exact: true }).fill('Te kort');
  await page.getByRole('button', { name: 'Klacht versturen' }).click();
  await expect(page.locator('#complaint-message-error')).toBeVisible();
  await expect(page.getByLabel('Je naam')).toHaveValue('Merel');
  await page
    .getByLabel('Je klacht', { exact: true })
    .fill('Dit profiel gebruikt foto’s van iemand anders, dat zag ik op een andere site.');
  await page.getByRole('button', { name: 'Klacht versturen' }).click();
  const confirmation = page.getByTestId('complaint-confirmation');
  await expect(confirmation).toContainText('K-');
  const reference = (await confirmation.textContent())!.match(/K-\d+/)![0];
  // Answered with a redirect to a GET: a reload shows the same reference and files no second complaint.
  await expect(page).toHaveURL(new RegExp(`/complaints\\?sent=${reference}$`));
  await page.reload();
  await expect(confirmation).toContainText(reference);
});

test('without JavaScript a visitor’s limited search shows one page and ends with the signup prompt', async ({
  page,
  context,
  baseURL,
}) => {
  await dismissEntryWarning(context, baseURL!);
  await page.goto('/members');
  const total = Number((await page.getByTestId('search-count').textContent())!.match(/\d+/)![0]);
  expect(total).toBeGreaterThan(24);
  await expect(page.getByTestId('search-results').locator('.member-card')).toHaveCount(24);
  await expect(page.getByTestId('search-next')).toHaveCount(0);
  await page.getByTestId('search-signup').getByRole('link', { name: 'Gratis aanmelden' }).click();
  await expect(page).toHaveURL(/\/signup$/);
});

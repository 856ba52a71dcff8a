import { AppError } from '@app/shared/errors/app-error';
import { describe, expect, it } from 'vitest';
import { assertStrongPassword, passwordStrength } from './passwords.ts';

const member = ['marieke.devries@example.com', 'Marieke'];

async function refusal(password: string, userInputs: string[] = member) {
  try {
    await assertStrongPassword(password, userInputs);
    return null;
  } catch (error) {
    return error;
  }
}

describe('assertStrongPassword', () => {
  it.each([
    'password1',
    'Welkom01!',
    'wachtwoord',
    'qwerty123',
    'P@ssw0rd',
    '1q2w3e4r5t',
    'iloveyou12',
    'Amsterdam1',
    'Geheim123!',
    'aaaaaaaaaaaa',
  ])('refuses the common or guessable %s', async (password) => {
    const error = await refusal(password);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'password_too_common', status: 400, values: { field: 'password' } });
  });

  it('counts the e-mail address, its parts and the name as easy guesses', async () => {
    for (const password of ['marieke.devries@example.com', 'marieke.devries', 'mariekedevries', 'Marieke1988!']) {
      expect({ password, refused: (await refusal(password)) !== null }).toEqual({ password, refused: true });
    }
    // From someone else the same password is not personal.
    expect((await passwordStrength('mariekedevries', ['jan@example.com', 'Jan'])).score).toBeGreaterThan(
      (await passwordStrength('mariekedevries', member)).score,
    );
  });

  it('marks entries of the breached-password list as listed', async () => {
    expect(await passwordStrength('password1')).toMatchObject({ listed: true, strong: false });
    expect(await passwordStrength('Kastanje-Fluit-Grachtje-58')).toMatchObject({ listed: false, strong: true });
  });

  it.each(['Kastanje-Fluit-Grachtje-58', 'zomer-aan-zee-42', 'correct horse battery staple', 'tR7#vQ9!mZ2p'])(
    'accepts the strong %s',
    async (password) => {
      expect(await refusal(password)).toBeNull();
    },
  );

  it('scores only the first 64 characters, so that a long password costs no more CPU', async () => {
    // Without the cut this strong tail would save the weak start, and such inputs would take seconds each.
    expect(await refusal(`${'1|!l'.repeat(16)}tR7#vQ9!mZ2p-Kastanje-Fluit`)).toBeInstanceOf(AppError);
    expect(await refusal('Kastanje-Fluit-Grachtje-58-'.repeat(7))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { suggestEmail } from './email-suggestion.ts';
import { createSignupInputSchema, isStrongEnoughPassword } from './signup.ts';

const schema = createSignupInputSchema(() => new Date('2026-11-22T12:00:00Z'));
const valid = {
  email: 'sanne@example.com',
  name: 'Sanne',
  password: 'zomer-aan-zee-42',
  date_of_birth: '1990-05-17',
};
const firstMessage = (input: object) => {
  const result = schema.safeParse(input);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('signup form', () => {
  it('accepts a complete, valid form', () => {
    expect(schema.parse(valid)).toMatchObject({ email: 'sanne@example.com', signup_message: '', tracking: {} });
  });
  it('refuses a name equal to the e-mail address or starting with @', () => {
    expect(firstMessage({ ...valid, name: 'Sanne@Example.com' })).toBe('name_is_email');
    expect(firstMessage({ ...valid, name: '@sanne' })).toBe('name_starts_with_at');
  });
  it('wants a real date of birth of an adult', () => {
    expect(firstMessage({ ...valid, date_of_birth: '' })).toBe('date_of_birth_required');
    expect(firstMessage({ ...valid, date_of_birth: '1990-02-30' })).toBe('date_of_birth_invalid');
    expect(firstMessage({ ...valid, date_of_birth: 'gisteren' })).toBe('date_of_birth_invalid');
    expect(firstMessage({ ...valid, date_of_birth: '1900-01-01' })).toBe('date_of_birth_invalid');
    expect(firstMessage({ ...valid, date_of_birth: '2008-11-23' })).toBe('date_of_birth_required');
    expect(firstMessage({ ...valid, date_of_birth: '2008-11-22' })).toBeNull();
  });
  it('wants a valid e-mail address and a strong enough password', () => {
    expect(firstMessage({ ...valid, email: 'sanne@' })).toBe('invalid_email');
    expect(firstMessage({ ...valid, password: 'kort' })).toBe('password_too_weak');
    expect(isStrongEnoughPassword('aaaaaaaaaa', 'a@b.c', 'x')).toBe(false);
    expect(isStrongEnoughPassword('sanne@example.com', 'sanne@example.com', 'Sanne')).toBe(false);
  });
  it('keeps tracking data and refuses unknown fields', () => {
    expect(schema.parse({ ...valid, tracking: { network: 'tt', sub1: 'x' } }).tracking).toEqual({
      network: 'tt',
      sub1: 'x',
    });
    expect(firstMessage({ ...valid, admin: true })).not.toBeNull();
  });
});

describe('e-mail suggestion', () => {
  it('suggests the common domain for a typo', () => {
    expect(suggestEmail('sanne@gmial.com')).toBe('sanne@gmail.com');
    expect(suggestEmail('sanne@hotmal.nl')).toBe('sanne@hotmail.nl');
    expect(suggestEmail('jan@telenet.bw')).toBe('jan@telenet.be');
    expect(suggestEmail('jan@ziggo.nll')).toBe('jan@ziggo.nl');
  });
  it('keeps the part before the @ as typed', () => {
    expect(suggestEmail('Jörg.Müller@GMIAL.com')).toBe('Jörg.Müller@gmail.com');
  });
  it('suggests nothing for a correct or unknown domain', () => {
    expect(suggestEmail('sanne@gmail.com')).toBeNull();
    expect(suggestEmail('sanne@mijnbedrijf.nl')).toBeNull();
    expect(suggestEmail('no-at-sign')).toBeNull();
    expect(suggestEmail('@gmial.com')).toBeNull();
    expect(suggestEmail('sanne@')).toBeNull();
    expect(suggestEmail('anne@firma.lu')).toBeNull();
    expect(suggestEmail('anne@mijnmail.nl')).toBeNull();
    expect(suggestEmail('anne@gmail.xyz')).toBeNull();
  });
});

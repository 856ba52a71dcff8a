import { describe, expect, it } from 'vitest';
import { maskEmail } from './mask-email.ts';

describe('maskEmail', () => {
  it('keeps the start of the name, the first letter of the domain and its top level', () => {
    expect(maskEmail('jan.jansen@example.com')).toBe('ja***@e***.com');
    expect(maskEmail('nieuw@mail.example.nl')).toBe('ni***@m***.nl');
  });

  it('never shows a short name whole', () => {
    expect(maskEmail('abc@x.nl')).toBe('a***@x***.nl');
    expect(maskEmail('a@b.nl')).toBe('a***@b***.nl');
  });

  it('copes with an address without a dot in its domain', () => {
    expect(maskEmail('root@localhost')).toBe('ro***@l***');
  });
});

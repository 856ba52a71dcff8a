import { describe, expect, it } from 'vitest';
import { ibanSchema, isSepaIban, normalizeIban } from './iban.ts';

const firstMessage = (input: unknown) => {
  const result = ibanSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('IBAN', () => {
  it('is normalised from the ways members type it', () => {
    expect(normalizeIban('nl91 abna 0417 1643 00')).toBe('NL91ABNA0417164300');
    expect(normalizeIban(' NL91-ABNA-0417-1643-00 ')).toBe('NL91ABNA0417164300');
    expect(normalizeIban('BE68.5390.0754.7034')).toBe('BE68539007547034');
    expect(normalizeIban('')).toBe('');
  });

  it('accepts valid IBANs of SEPA countries, in or out of the EU', () => {
    for (const iban of [
      'NL91ABNA0417164300',
      'BE68539007547034',
      'DE89370400440532013000',
      'FR1420041010050500013M02606',
      'GB29NWBK60161331926819',
      'CH9300762011623852957',
      'NO9386011117947',
    ]) {
      expect(isSepaIban(iban), iban).toBe(true);
    }
    expect(ibanSchema.parse('de89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
  });

  it('refuses a wrong check digit, a wrong length or format, and countries outside SEPA', () => {
    expect(isSepaIban('NL92ABNA0417164300')).toBe(false); // check digits
    // Right check digits, but one digit short, and a digit where the bank code has letters:
    expect(isSepaIban('NL58ABNA041716430')).toBe(false);
    expect(isSepaIban('NL251BNA0417164300')).toBe(false);
    expect(isSepaIban('XX91ABNA0417164300')).toBe(false); // no such country
    expect(isSepaIban('TR330006100519786457841326')).toBe(false); // valid, but Turkey is not in SEPA
    expect(isSepaIban('BR1800360305000010009795493C1')).toBe(false); // valid, but Brazil is not in SEPA
    expect(isSepaIban('CH4431999123000889012')).toBe(false); // a Swiss QR-IBAN
  });

  it('names the error code the catalogs explain', () => {
    expect(firstMessage('NL92ABNA0417164300')).toBe('iban_invalid');
    expect(firstMessage('')).toBe('iban_invalid');
    expect(firstMessage('not an iban at all')).toBe('iban_invalid');
    expect(firstMessage(12345)).toBe('iban_invalid');
    expect(firstMessage('NL91ABNA0417164300'.repeat(4))).toBe('iban_invalid');
  });
});

import { electronicFormatIBAN, isSEPACountry, isValidIBAN } from 'ibantools';
import { z } from 'zod';

/**
 * An IBAN as members type it ('nl91 abna 0417 1643 00', with dashes or dots) in its electronic form
 * ('NL91ABNA0417164300'): upper case, no separators.
 */
export function normalizeIban(value: string): string {
  return electronicFormatIBAN(value.replace(/[\s.]/g, '')) ?? '';
}

/**
 * Whether an IBAN can carry a SEPA direct debit: the country's length and format, the check digits, and a SEPA
 * country. Swiss QR-IBANs are refused: they only receive QR-bill payments.
 */
export function isSepaIban(iban: string): boolean {
  return isValidIBAN(iban, { allowQRIBAN: false }) && isSEPACountry(iban.slice(0, 2));
}

/** The IBAN of a direct-debit mandate, in the form and in the request; answers the normalised IBAN. */
export const ibanSchema = z
  .string('iban_invalid')
  .max(64, 'iban_invalid')
  .transform(normalizeIban)
  .refine(isSepaIban, 'iban_invalid');

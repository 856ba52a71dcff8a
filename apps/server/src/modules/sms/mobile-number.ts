import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

/**
 * A mobile number of one of the site's countries in its international form ('06 12345678' for a Dutch member:
 * '+31612345678'), or null. A number without country code is read as one of the member's own country, or of the
 * site's first country when the site does not serve the member's. The 'mobile' number plan refuses landlines and
 * service numbers, which cannot receive an SMS.
 */
export function normalizeMobileNumber(
  input: string,
  siteCountries: readonly string[],
  memberCountry: string,
): string | null {
  const home = siteCountries.includes(memberCountry) ? memberCountry : siteCountries[0];
  const defaultCountry = home && isSupportedCountry(home) ? (home as CountryCode) : undefined;
  const parsed = parsePhoneNumberFromString(input, { defaultCountry });
  if (!parsed?.isValid() || !parsed.country || !siteCountries.includes(parsed.country)) return null;
  return parsed.number;
}

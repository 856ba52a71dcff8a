/** Standard VAT rates in basis points (2100 = 21%) of the countries we may sell to; prices include VAT. */
const vatRates: Record<string, number> = {
  NL: 2100,
  BE: 2100,
  DE: 1900,
  AT: 2000,
  FR: 2000,
  IT: 2200,
  ES: 2100,
  PT: 2300,
  IE: 2300,
  LU: 1700,
  DK: 2500,
  SE: 2500,
  FI: 2550,
  NO: 2500,
  PL: 2300,
  CH: 810,
  GB: 2000,
};

/** The rate of a country; 21% (the company's own, Dutch rate) where we know none. */
export function findVatRate(country: string): number {
  return vatRates[country] ?? 2100;
}

/** The VAT inside a price that includes it, rounded to the cent. */
export function vatIncluded(amountCents: number, basisPoints: number): number {
  return Math.round((amountCents * basisPoints) / (10_000 + basisPoints));
}

import { AppError } from '@app/shared/errors/app-error';
import type { WebRequestContext } from '../../context.ts';
import type { FormError } from '../../lib/form-errors.ts';

/**
 * The packages as this member or visitor pays for them, with a typed discount code applied when it is valid; an
 * invalid code is answered as the form's error beside the prices without it.
 */
export async function findShop(c: WebRequestContext, code: string | null) {
  const country = c.chosenCountry ?? c.visitorCountry;
  if (code) {
    try {
      return { shop: await c.services.credits.findPackages(country, code), code, codeError: null };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const codeError: FormError = { code: error.code, values: error.values as FormError['values'] };
      return { shop: await c.services.credits.findPackages(country), code, codeError };
    }
  }
  return { shop: await c.services.credits.findPackages(country), code: null, codeError: null };
}

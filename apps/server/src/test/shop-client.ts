import type { SessionUser } from '@app/shared/accounts/session-user';
import { findPaymentMethods, paymentIssuers } from '@app/shared/credits/payment-methods';
import { demoPassword } from '../seed/demo-site.ts';
import { sessionCookie, type TestApp } from './test-app.ts';

type Outcome = 'paid' | 'failed' | 'canceled' | 'expired' | 'open';

/**
 * A member's calls to the shop in API tests: logging in or signing up (at the test clock's time, so inside the time
 * bonus), ordering, paying on the sandbox's checkout, and the provider's webhook. Takes the test app as a getter, so
 * that a test file can make it at the top, before `beforeAll` builds the app.
 */
export function createShopClient(testApp: () => TestApp) {
  let signups = 0;
  const headers = (cookie?: string) => ({
    host: 'localhost:3000',
    'x-request-type': 'client',
    'content-type': 'application/json',
    cookie: cookie ? `locale=nl; ${cookie}` : 'locale=nl',
  });
  const me = async (cookie: string): Promise<SessionUser> =>
    (await testApp().app.inject({ url: '/api/user.php', headers: headers(cookie) })).json().user;
  const paymentIdOf = (checkoutUrl: string) => checkoutUrl.split('/').at(-1)!;

  return {
    headers,
    me,
    paymentIdOf,

    async login(email: string) {
      const response = await testApp().app.inject({
        method: 'POST',
        url: '/api/user.php',
        headers: headers(),
        payload: { email, password: demoPassword },
      });
      return sessionCookie(response);
    },

    /** A new, unconfirmed member (no signup credits), from an address of its own. */
    async signup(prefix = 'koper') {
      const n = ++signups;
      const response = await testApp().app.inject({
        method: 'POST',
        url: '/api/signup.php',
        headers: headers(),
        payload: {
          email: `${prefix}${n}@example.com`,
          name: `Koper${n}`,
          password: 'zomer-aan-zee-42',
          date_of_birth: '1990-05-05',
        },
        remoteAddress: `198.51.100.${n}`,
      });
      if (response.statusCode !== 200) throw new Error(`signup answered ${response.statusCode}: ${response.body}`);
      return { cookie: sessionCookie(response), id: response.json().user.id as number };
    },

    order: (cookie: string, body: object) =>
      testApp().app.inject({ method: 'POST', url: '/api/orders.php', headers: headers(cookie), payload: body }),

    /** What Mollie does: posts only the id, as a form, without any of our headers. */
    webhook: (id: string) =>
      testApp().app.inject({
        method: 'POST',
        url: '/api/payment-webhook.php',
        headers: { host: 'localhost:3000', 'content-type': 'application/x-www-form-urlencoded' },
        payload: `id=${encodeURIComponent(id)}`,
      }),

    /** The method at `index` of the member's country, with a bank where it has a choice. */
    async methodOf(cookie: string, index = 0) {
      const method = findPaymentMethods((await me(cookie)).profile.country)[index]!;
      const issuer = paymentIssuers[method]?.[0]?.id;
      return issuer ? { payment_method: method, issuer } : { payment_method: method };
    },

    /** The buyer's choice on the sandbox's checkout; answers the payment's id. */
    async pay(checkoutUrl: string, outcome: Outcome) {
      const id = paymentIdOf(checkoutUrl);
      const returnUrl = await testApp().app.services.credits.sandbox!.chooseOutcome(id, outcome);
      if (!/^http:\/\/localhost:3000\/credits\/\d+\/[a-z]+$/.test(returnUrl ?? '')) {
        throw new Error(`the checkout returned to ${returnUrl}`);
      }
      return id;
    },

    /** The demo site's package ids, smallest first. */
    async packageIds(): Promise<number[]> {
      const response = await testApp().app.inject({ url: '/api/packages.php', headers: headers() });
      return (response.json().packages as { id: number }[]).map((pkg) => pkg.id);
    },
  };
}

// No zod here: pages import the registry in the browser, where zod loads only with a form's check.

/**
 * The one registry of API error codes. Each code answers with its HTTP status; the client and the server
 * show the catalog text `errors.<code>` in the visitor's language. docs/errors.md is generated from this table.
 */
export const errorCodes = {
  validation_failed: { status: 400, description: 'A query or body failed its schema.' },
  country_not_served: { status: 400, description: 'A country the site does not serve.' },
  coordinates_invalid: { status: 400, description: 'A latitude or longitude that is not a number in range.' },
  invalid_region: { status: 400, description: 'A region that does not belong to the chosen country.' },
  name_required: { status: 400, description: 'A name is missing or too short.' },
  invalid_email: { status: 400, description: 'Not a valid e-mail address.' },
  category_required: { status: 400, description: 'No (known) category was chosen.' },
  complaint_too_short: { status: 400, description: 'A complaint text under 20 characters.' },
  text_too_long: { status: 400, description: 'A text longer than the field allows.' },
  name_is_email: { status: 400, description: 'The profile name equals the e-mail address.' },
  name_starts_with_at: { status: 400, description: 'The profile name starts with @.' },
  date_of_birth_required: { status: 400, description: 'No date of birth, or one of someone under 18.' },
  date_of_birth_invalid: { status: 400, description: 'A date of birth that is not a real date.' },
  choice_required: { status: 400, description: 'A choice the form needs (gender, sexuality) was not made.' },
  city_required: { status: 400, description: 'No place of residence was given.' },
  photo_invalid: { status: 400, description: 'An upload that is not an image sharp can decode.' },
  password_too_weak: { status: 400, description: 'A password too short or too easy to guess.' },
  password_too_common: {
    status: 400,
    description:
      'A new password (signup, reset, change) on the breached-password list or easy to guess (zxcvbn score under 3, also from the e-mail address or name).',
  },
  old_password_wrong: { status: 400, description: 'The current password given to confirm a change is wrong.' },
  new_email_invalid: { status: 400, description: 'The new e-mail address is not valid.' },
  mail_change_link_invalid: { status: 400, description: 'An e-mail change link that is expired, used or unknown.' },
  mail_change_undo_invalid: {
    status: 400,
    description: 'A link to undo an e-mail change that is expired, used, unknown or of another account.',
  },
  delete_reason_required: { status: 400, description: 'No (known) reason was chosen for deleting the account.' },
  passwords_differ: { status: 400, description: 'The new password and its repetition differ.' },
  reset_link_invalid: { status: 400, description: 'A password reset link that is expired, used or unknown.' },
  login_failed: { status: 401, description: 'Wrong e-mail address or password (not saying which).' },
  authentication_required: { status: 403, description: 'The call needs a logged-in member.' },
  client_header_required: {
    status: 403,
    description: 'A state-changing call without `X-Request-Type: client` (CSRF defence).',
  },
  cross_site_request: {
    status: 403,
    description: 'A state-changing request that the browser says came from another site (`Sec-Fetch-Site`, `Origin`).',
  },
  photo_limit: {
    status: 403,
    description: 'The member has as many photos as the membership allows (free 3, premium 25).',
  },
  signup_invite_only: { status: 403, description: 'The site takes no new signups from this visitor now.' },
  email_not_found: { status: 404, description: 'No account with this e-mail address (password reset).' },
  discount_code_not_found: {
    status: 404,
    description: "An unknown or disabled discount code, or another member's personal one.",
  },
  discount_not_offered: { status: 404, description: "The site's company offers no discount to members who leave." },
  not_found: { status: 404, description: 'No such resource, or not visible to the caller.' },
  site_not_found: { status: 404, description: 'No site answers for the request host.' },
  discount_code_used: { status: 409, description: 'A single-use discount code that has been used.' },
  account_exists: { status: 409, description: 'An active account has this e-mail address: log in instead.' },
  account_reactivation_sent: {
    status: 409,
    description: 'The account was deleted less than 14 days ago; a reactivation mail was sent.',
  },
  account_unavailable: { status: 409, description: 'The address cannot sign up again; customer service can help.' },
  email_taken: { status: 409, description: 'Another account on the site has this e-mail address.' },
  request_in_progress: { status: 409, description: 'The same request (Idempotency-Key) is still being handled.' },
  idempotency_key_reused: {
    status: 409,
    description: 'An Idempotency-Key that was used for another request (another call, query or body).',
  },
  already_activated: { status: 409, description: 'The account is activated already.' },
  payload_too_large: { status: 413, description: 'The request body is larger than allowed.' },
  photo_too_large: { status: 413, description: 'An image with more pixels than allowed (pixel flood).' },
  unsupported_media_type: { status: 415, description: 'The request body has a content type the call does not take.' },
  swipe_limit_reached: {
    status: 429,
    description: "The member has said 'Ja' 4 times in the swipe game today (site's time zone); `limit` is the number.",
  },
  rate_limited: { status: 429, description: 'Too many requests in a short time.' },
  reset_limit: { status: 429, description: 'Too many password reset mails for the account today.' },
  login_blocked: {
    status: 429,
    description: 'Too many failed logins for the account or the address; `minutes` says how long the block lasts.',
  },
  password_checks_blocked: {
    status: 429,
    description: 'Too many wrong current passwords given to confirm a change; `minutes` says how long to wait.',
  },
  date_of_birth_fixed: {
    status: 409,
    description: 'A different date of birth after signup is finished; it is set once, during signup.',
  },
  insufficient_credits: {
    status: 402,
    description: 'The balance is lower than what the action costs; nothing changed.',
  },
  package_not_found: { status: 404, description: "No such credit package on this site in the buyer's currency." },
  payment_method_unavailable: {
    status: 400,
    description: "A payment method (or bank) not offered for the buyer's country or this order.",
  },
  order_already_paid: { status: 409, description: 'The order is paid already: its credits are on the account.' },
  order_not_payable: { status: 409, description: 'The order can no longer be paid (refunded or charged back).' },
  discount_code_expired: { status: 409, description: 'The discount code is past its end date.' },
  discount_minimum_not_met: {
    status: 422,
    description: "The order is below the code's minimum order value; `amount` is the minimum, formatted.",
  },
  discount_not_applicable: {
    status: 422,
    description: "The code is not valid for the buyer's country or the chosen payment method.",
  },
  spend_limit_reached: {
    status: 403,
    description:
      "The purchase would pass the member's monthly spending limit; `amount` (with `currency`) is what is left this " +
      'month, written as money in their language.',
  },
  spend_cool_off: {
    status: 403,
    description: "The member chose a cool-off: no purchases until `until` (an ISO time, shown on the site's clock).",
  },
  spend_limit_invalid: {
    status: 400,
    description: 'A monthly spending limit that is not a whole amount from 0 to 100,000.',
  },
  payment_provider_unavailable: {
    status: 503,
    description: 'The payment provider did not answer; nothing was charged, the member can try again.',
  },
  phone_invalid: {
    status: 400,
    description: "Not a mobile number, or not one of the site's countries (direct debit's SMS code).",
  },
  sms_code_invalid: {
    status: 400,
    description: "An SMS code that is wrong, expired, used, or not sent to this member and number: 'Code ongeldig'.",
  },
  sms_code_attempts: {
    status: 429,
    description: 'Five wrong tries killed the SMS code: the member requests a new one.',
  },
  sms_send_limit: {
    status: 429,
    description: 'Too many SMS codes for the member or the number; `hours` says how long to wait.',
  },
  iban_invalid: {
    status: 400,
    description: 'Not a valid IBAN (country format, check digits) of a SEPA country.',
  },
  direct_debit_consent_required: {
    status: 400,
    description: 'The direct-debit form was sent without the box that authorises the single debit.',
  },
  phone_not_verified: {
    status: 403,
    description: 'Signing a direct debit needs the mobile number confirmed by SMS code within the last 30 minutes.',
  },
  direct_debit_blocked: {
    status: 403,
    description: 'The member may not pay by direct debit (an earlier debit was charged back or bounced).',
  },
  direct_debit_limit_reached: {
    status: 403,
    description: 'The debit would pass what a member may be debited in 30 days; another method can pay the order.',
  },
  internal_error: { status: 500, description: 'An unexpected failure; details are only in the server log.' },
  service_unavailable: { status: 503, description: 'A dependency (the database) does not answer.' },
} as const satisfies Record<string, { status: number; description: string }>;

export type ErrorCode = keyof typeof errorCodes;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCodes, value);
}

export function errorMessageKey(code: ErrorCode): string {
  return `errors.${code}`;
}

// No zod here: pages import the registry in the browser, where zod loads only with a form's check.

/**
 * The one registry of API error codes. Each code answers with its HTTP status; the client and the server
 * show the catalog text `errors.<code>` in the visitor's language. What each code means is in error-descriptions.ts, a
 * table of its own, so that pages (which need the statuses) do not ship the descriptions. docs/errors.md is
 * generated from both.
 */
export const errorCodes = {
  validation_failed: { status: 400 },
  country_not_served: { status: 400 },
  coordinates_invalid: { status: 400 },
  invalid_region: { status: 400 },
  name_required: { status: 400 },
  invalid_email: { status: 400 },
  category_required: { status: 400 },
  complaint_too_short: { status: 400 },
  text_too_long: { status: 400 },
  name_is_email: { status: 400 },
  name_starts_with_at: { status: 400 },
  date_of_birth_required: { status: 400 },
  date_of_birth_invalid: { status: 400 },
  choice_required: { status: 400 },
  city_required: { status: 400 },
  photo_invalid: { status: 400 },
  password_too_weak: { status: 400 },
  password_too_common: { status: 400 },
  old_password_wrong: { status: 400 },
  new_email_invalid: { status: 400 },
  mail_change_link_invalid: { status: 400 },
  mail_change_undo_invalid: { status: 400 },
  unsubscribe_link_invalid: { status: 400 },
  delete_reason_required: { status: 400 },
  passwords_differ: { status: 400 },
  reset_link_invalid: { status: 400 },
  push_subscription_invalid: { status: 400 },
  push_service_not_allowed: { status: 400 },
  login_failed: { status: 401 },
  mail_events_unauthorized: { status: 401 },
  authentication_required: { status: 403 },
  client_header_required: { status: 403 },
  cross_site_request: { status: 403 },
  photo_limit: { status: 403 },
  chat_unavailable: { status: 403 },
  conversation_limit_reached: { status: 403 },
  signup_invite_only: { status: 403 },
  email_not_found: { status: 404 },
  discount_code_not_found: { status: 404 },
  discount_not_offered: { status: 404 },
  not_found: { status: 404 },
  site_not_found: { status: 404 },
  discount_code_used: { status: 409 },
  account_exists: { status: 409 },
  account_reactivation_sent: { status: 409 },
  account_unavailable: { status: 409 },
  email_taken: { status: 409 },
  request_in_progress: { status: 409 },
  idempotency_key_reused: { status: 409 },
  already_activated: { status: 409 },
  payload_too_large: { status: 413 },
  photo_too_large: { status: 413 },
  unsupported_media_type: { status: 415 },
  swipe_limit_reached: { status: 429 },
  rate_limited: { status: 429 },
  reset_limit: { status: 429 },
  login_blocked: { status: 429 },
  password_checks_blocked: { status: 429 },
  date_of_birth_fixed: { status: 409 },
  insufficient_credits: { status: 402 },
  package_not_found: { status: 404 },
  payment_method_unavailable: { status: 400 },
  order_already_paid: { status: 409 },
  order_not_payable: { status: 409 },
  discount_code_expired: { status: 409 },
  discount_minimum_not_met: { status: 422 },
  discount_not_applicable: { status: 422 },
  spend_limit_reached: { status: 403 },
  spend_cool_off: { status: 403 },
  spend_limit_invalid: { status: 400 },
  payment_provider_unavailable: { status: 503 },
  phone_invalid: { status: 400 },
  sms_code_invalid: { status: 400 },
  sms_code_attempts: { status: 429 },
  sms_send_limit: { status: 429 },
  iban_invalid: { status: 400 },
  direct_debit_consent_required: { status: 400 },
  phone_not_verified: { status: 403 },
  direct_debit_blocked: { status: 403 },
  direct_debit_limit_reached: { status: 403 },
  internal_error: { status: 500 },
  service_unavailable: { status: 503 },
} as const satisfies Record<string, { status: number }>;

export type ErrorCode = keyof typeof errorCodes;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCodes, value);
}

export function errorMessageKey(code: ErrorCode): string {
  return `errors.${code}`;
}

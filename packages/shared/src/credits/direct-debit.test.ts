import { describe, expect, it } from 'vitest';
import { phoneCodeCheckSchema, phoneCodeInputSchema, phoneCodeRequestSchema } from './direct-debit.ts';

const firstMessage = (schema: typeof phoneCodeCheckSchema | typeof phoneCodeRequestSchema, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('the phone code forms', () => {
  it('take a mobile number as typed; the server decides whether it is one of the site', () => {
    for (const phone of ['06 12345678', '+31 (0)6-1234.5678', ' 0031612345678 ']) {
      expect(phoneCodeRequestSchema.parse({ phone }).phone).toBe(phone.trim());
    }
    for (const phone of ['', '12345', 'bel me', '+', '06 1234 5678 ext', '1'.repeat(33), 612345678]) {
      expect(firstMessage(phoneCodeRequestSchema, { phone }), String(phone)).toBe('phone_invalid');
    }
    expect(firstMessage(phoneCodeRequestSchema, {})).toBe('phone_invalid');
  });

  it('take six digits as the code, spaces dropped, and name anything else ‘Code ongeldig’', () => {
    expect(phoneCodeCheckSchema.parse({ phone: '0612345678', code: ' 012 345 ' }).code).toBe('012345');
    for (const code of ['', '12345', '1234567', '12a456', '１２３４５６', 123456]) {
      expect(firstMessage(phoneCodeCheckSchema, { phone: '0612345678', code }), String(code)).toBe('sms_code_invalid');
    }
  });

  it('take nothing else', () => {
    expect(phoneCodeRequestSchema.safeParse({ phone: '0612345678', extra: 1 }).success).toBe(false);
    expect(phoneCodeInputSchema.parse({ phone: '0612345678' })).toEqual({ phone: '0612345678' });
    expect(phoneCodeInputSchema.parse({ phone: '0612345678', code: '123456' }).code).toBe('123456');
  });
});

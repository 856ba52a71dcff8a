import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUnsubscribeTokens } from './unsubscribe-tokens.ts';

describe('unsubscribe tokens', () => {
  const tokens = createUnsubscribeTokens(randomBytes(32));

  it('names the member and type they were made for', () => {
    const token = tokens.sign({ userId: 42, type: 'new_messages' });
    expect(token).toMatch(/^42-new_messages-[\w-]{43}$/);
    expect(tokens.verify(token)).toEqual({ userId: 42, type: 'new_messages' });
  });

  it('refuses a changed member, type or mac, another key, and garbage', () => {
    const token = tokens.sign({ userId: 42, type: 'new_messages' });
    const mac = token.split('-new_messages-')[1]!;
    expect(tokens.verify(`43-new_messages-${mac}`)).toBeNull();
    expect(tokens.verify(`42-like-${mac}`)).toBeNull();
    // Every other last character, those that decode to the same bytes included (it carries two unused bits).
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (const last of alphabet.replace(mac.at(-1)!, '')) {
      expect(tokens.verify(`42-new_messages-${mac.slice(0, -1)}${last}`)).toBeNull();
    }
    expect(createUnsubscribeTokens(randomBytes(32)).verify(token)).toBeNull();
    for (const bad of ['', 'x', `42-unknown_type-${mac}`, `0-like-${mac}`, `99999999999-like-${mac}`, `${token}=`]) {
      expect(tokens.verify(bad)).toBeNull();
    }
  });
});

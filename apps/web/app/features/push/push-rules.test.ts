import { describe, expect, it } from 'vitest';
import { decidePushState, readApplicationServerKey } from './push-rules.ts';

describe('the push state', () => {
  it('is not supported without service workers, the Push API or notifications', () => {
    expect(decidePushState({ supported: false, permission: 'granted', subscribed: true })).toBe('unsupported');
    expect(decidePushState({ supported: true, permission: null, subscribed: false })).toBe('unsupported');
  });

  it('is denied when the browser blocks the site, whatever is subscribed', () => {
    expect(decidePushState({ supported: true, permission: 'denied', subscribed: true })).toBe('denied');
  });

  it('is subscribed only with a subscription and the permission', () => {
    expect(decidePushState({ supported: true, permission: 'granted', subscribed: true })).toBe('subscribed');
    expect(decidePushState({ supported: true, permission: 'default', subscribed: true })).toBe('capable');
    expect(decidePushState({ supported: true, permission: 'granted', subscribed: false })).toBe('capable');
    expect(decidePushState({ supported: true, permission: 'default', subscribed: false })).toBe('capable');
  });
});

describe('the application server key', () => {
  it('reads base64url without padding into its bytes', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, index) => (index * 37 + 250) % 256);
    const key = Buffer.from(bytes).toString('base64url');
    expect(key).not.toContain('=');
    expect([...readApplicationServerKey(key)]).toEqual([...bytes]);
  });
});

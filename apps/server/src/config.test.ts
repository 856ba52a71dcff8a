import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('reads defaults from an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: 'localhost',
      serveWeb: true,
      demoData: true,
      compressResponses: true,
    });
    expect(config.vapidKeys).toBeUndefined();
    expect(config.mollie).toBeUndefined();
    expect(config.giphy).toBeUndefined();
    expect(loadConfig({ PORT: '', DATA_DIR: '' }).port).toBe(3000);
  });

  it('leaves compression to a proxy when told', () => {
    expect(loadConfig({ COMPRESS_RESPONSES: 'false' }).compressResponses).toBe(false);
    expect(() => loadConfig({ COMPRESS_RESPONSES: 'off' })).toThrow(/COMPRESS_RESPONSES must be true or false/);
  });

  it('creates demo data on PostgreSQL only when asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/dating' }).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/dating', DEMO_DATA: 'true' }).demoData).toBe(true);
  });

  it('stops with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT must be a whole number/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db/x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SMTP_URL: 'not a url' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ DEMO_DATA: 'yes' })).toThrow(/DEMO_DATA must be true or false/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'x' })).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
  });

  it('takes web-push keys as a pair', () => {
    expect(loadConfig({ VAPID_PUBLIC_KEY: 'p', VAPID_PRIVATE_KEY: 's' }).vapidKeys).toEqual({
      publicKey: 'p',
      privateKey: 's',
    });
  });

  it('adds push service hosts from a comma-separated list, and refuses anything else', () => {
    expect(loadConfig({}).pushServiceHosts).toEqual([]);
    expect(loadConfig({ PUSH_SERVICE_HOSTS: '127.0.0.1:4443, Push.Example.test' }).pushServiceHosts).toEqual([
      '127.0.0.1:4443',
      'push.example.test',
    ]);
    expect(() => loadConfig({ PUSH_SERVICE_HOSTS: 'https://push.example.test/' })).toThrow(/PUSH_SERVICE_HOSTS/);
    expect(loadConfig({ PUSH_SERVICE_HOSTS: '127.0.0.1:4443' }).pushServiceCertificate).toBeUndefined();
  });

  it('takes a Mollie API key, and an endpoint beside it', () => {
    const apiKey = 'test_FakeKeyForTheConfigTest0000000';
    expect(loadConfig({ MOLLIE_API_KEY: apiKey }).mollie).toEqual({ apiKey, apiEndpoint: undefined });
    expect(
      loadConfig({ MOLLIE_API_KEY: apiKey, MOLLIE_API_ENDPOINT: 'https://mollie-proxy.internal/v2/' }).mollie,
    ).toEqual({ apiKey, apiEndpoint: 'https://mollie-proxy.internal/v2/' });
    expect(loadConfig({ MOLLIE_API_KEY: '' }).mollie).toBeUndefined();
  });

  it('refuses a Mollie key without its prefix, never repeating the key', () => {
    const stray = 'sk_live_FakeKeyForTheConfigTest0000000';
    expect(() => loadConfig({ MOLLIE_API_KEY: stray })).toThrow(/MOLLIE_API_KEY must be a Mollie API key/);
    expect(() => loadConfig({ MOLLIE_API_KEY: stray })).not.toThrow(new RegExp(stray));
    expect(() => loadConfig({ MOLLIE_API_KEY: 'test_short' })).toThrow(/MOLLIE_API_KEY/);
    expect(() =>
      loadConfig({ MOLLIE_API_KEY: 'live_FakeKeyForTheConfigTest0000000', MOLLIE_API_ENDPOINT: 'http://mollie/v2/' }),
    ).toThrow(/MOLLIE_API_ENDPOINT/);
    expect(() => loadConfig({ MOLLIE_API_ENDPOINT: 'https://mollie-proxy.internal/v2/' })).toThrow(
      /MOLLIE_API_ENDPOINT is used only with MOLLIE_API_KEY/,
    );
  });

  it('takes a GIPHY API key, and an endpoint beside it', () => {
    const apiKey = 'FakeGiphyKeyForTheConfigTest000';
    expect(loadConfig({ GIPHY_API_KEY: apiKey }).giphy).toEqual({ apiKey, endpoint: 'https://api.giphy.com/v1/' });
    expect(loadConfig({ GIPHY_API_KEY: apiKey, GIPHY_API_ENDPOINT: 'https://giphy-proxy.internal/v1' }).giphy).toEqual({
      apiKey,
      endpoint: 'https://giphy-proxy.internal/v1/',
    });
    // A local stand-in may speak plain HTTP.
    expect(loadConfig({ GIPHY_API_KEY: apiKey, GIPHY_API_ENDPOINT: 'http://127.0.0.1:4100/v1/' }).giphy).toEqual({
      apiKey,
      endpoint: 'http://127.0.0.1:4100/v1/',
    });
    expect(loadConfig({ GIPHY_API_KEY: '' }).giphy).toBeUndefined();
  });

  it('refuses a malformed GIPHY key or endpoint, never repeating the key', () => {
    const stray = 'sk-FakeKeyForTheConfigTest0000000';
    expect(() => loadConfig({ GIPHY_API_KEY: stray })).toThrow(/GIPHY_API_KEY must be a GIPHY API key/);
    expect(() => loadConfig({ GIPHY_API_KEY: stray })).not.toThrow(new RegExp(stray));
    expect(() => loadConfig({ GIPHY_API_KEY: 'short' })).toThrow(/GIPHY_API_KEY/);
    const apiKey = 'FakeGiphyKeyForTheConfigTest000';
    expect(() => loadConfig({ GIPHY_API_KEY: apiKey, GIPHY_API_ENDPOINT: 'http://giphy-proxy.internal/v1/' })).toThrow(
      /GIPHY_API_ENDPOINT must use https/,
    );
    expect(() => loadConfig({ GIPHY_API_KEY: apiKey, GIPHY_API_ENDPOINT: 'http://localhost.example.com/v1/' })).toThrow(
      /GIPHY_API_ENDPOINT/,
    );
    expect(() => loadConfig({ GIPHY_API_ENDPOINT: 'https://giphy-proxy.internal/v1/' })).toThrow(
      /GIPHY_API_ENDPOINT is used only with GIPHY_API_KEY/,
    );
  });
});

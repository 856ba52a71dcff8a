import { describe, expect, it } from 'vitest';
import { isSmartphoneRequest } from './smartphone.ts';

describe('isSmartphoneRequest', () => {
  const request = (headers: Record<string, string>) => isSmartphoneRequest((name) => headers[name]);

  it("believes Chromium's mobile client hint", () => {
    expect(request({ 'sec-ch-ua-mobile': '?1', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' })).toBe(true);
    expect(request({ 'sec-ch-ua-mobile': '?0', 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile' })).toBe(false);
  });

  it('reads phones from the user agent where there is no hint', () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
    const ipad =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
    const firefoxAndroid = 'Mozilla/5.0 (Android 14; Mobile; rv:130.0) Gecko/130.0 Firefox/130.0';
    expect(request({ 'user-agent': iphone })).toBe(true);
    expect(request({ 'user-agent': firefoxAndroid })).toBe(true);
    expect(request({ 'user-agent': ipad })).toBe(false);
    expect(request({})).toBe(false);
  });
});

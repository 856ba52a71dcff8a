import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { createGifProvider } from './gif-provider.ts';

describe('createGifProvider', () => {
  it('searches the shipped GIFs without a GIPHY key, and GIPHY with one', () => {
    expect(createGifProvider(loadConfig({})).name).toBe('local');
    expect(createGifProvider(loadConfig({ GIPHY_API_KEY: 'FakeGiphyKeyForTheTests0000000000' })).name).toBe('giphy');
  });
});

import { statSync } from 'node:fs';
import { join } from 'node:path';
import { locales } from '@app/shared/i18n/locales';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { gifPreviewSize, localGifs } from './gif-tags.ts';

const gifDirectory = join(import.meta.dirname, '../../../../../web/public/gifs');

describe('the shipped GIFs’ words', () => {
  it('have unique ids that fit the message’s gif field', () => {
    const ids = localGifs.map((gif) => gif.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z-]{1,30}$/);
  });

  it.each(locales)('give each GIF a title and 3 to 8 search words in %s', (locale) => {
    for (const gif of localGifs) {
      expect(gif.title[locale]?.trim(), `${gif.id} ${locale}`).toBeTruthy();
      const tags = gif.tags[locale] ?? [];
      expect(tags.length, `${gif.id} ${locale}`).toBeGreaterThanOrEqual(3);
      expect(tags.length, `${gif.id} ${locale}`).toBeLessThanOrEqual(8);
      for (const tag of tags) expect(tag, `${gif.id} ${locale}`).toMatch(/^\S(.*\S)?$/);
      expect(new Set(tags).size, `${gif.id} ${locale}`).toBe(tags.length);
    }
  });
});

describe('the shipped GIF files', () => {
  it.each(localGifs.map((gif) => [gif.id, gif] as const))(
    '%s is an animation of its size, with a still',
    async (_id, gif) => {
      const file = join(gifDirectory, `${gif.id}.gif`);
      const meta = await sharp(file, { animated: true }).metadata();
      expect(meta.format).toBe('gif');
      expect(meta.width).toBe(gif.width);
      expect(meta.pageHeight).toBe(gif.height);
      expect(meta.pages).toBeGreaterThan(1);
      expect(meta.loop).toBe(0);
      expect(statSync(file).size).toBeLessThan(150 * 1024);
      const still = await sharp(join(gifDirectory, `${gif.id}-preview.webp`)).metadata();
      expect([still.format, still.width, still.height]).toEqual(['webp', gifPreviewSize, gifPreviewSize]);
    },
  );
});

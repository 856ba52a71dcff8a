import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chatGiftSchema } from './chat.ts';
import { findGift, findGiftCatalogue, giftCatalogue } from './gift-catalogue.ts';

const repository = join(import.meta.dirname, '../../../..');

describe('the gift catalogue', () => {
  it('prices each gift at the site’s gift_credits unless it has its own price', () => {
    const gifts = findGiftCatalogue(15);
    expect(gifts.map((gift) => gift.id)).toEqual(giftCatalogue.map((gift) => gift.id));
    expect(gifts[0]).toEqual({ id: 'rose', credits: 15, image: '/gifts/rose.svg' });
    expect(Object.fromEntries(gifts.map((gift) => [gift.id, gift.credits]))).toEqual({
      rose: 15,
      heart: 15,
      kiss: 15,
      sunflower: 15,
      star: 15,
      cupcake: 15,
      chocolates: 15,
      cocktail: 15,
      teddy: 15,
      champagne: 25,
      ring: 40,
      diamond: 50,
    });
    expect(findGiftCatalogue(0).find((gift) => gift.id === 'heart')?.credits).toBe(0);
    for (const gift of gifts) expect(chatGiftSchema.parse(gift)).toEqual(gift);
  });

  it('finds one gift with its price, and nothing for an unknown id', () => {
    expect(findGift('teddy', 8)).toEqual({ id: 'teddy', credits: 8, image: '/gifts/teddy.svg' });
    expect(findGift('diamond', 8)).toEqual({ id: 'diamond', credits: 50, image: '/gifts/diamond.svg' });
    expect(findGift('unicorn', 8)).toBeNull();
    expect(findGift('Rose', 8)).toBeNull();
    expect(findGift('constructor', 8)).toBeNull();
  });

  it('has a square image and a name in the catalogs for every gift, and no name for a gift it lacks', () => {
    for (const { id } of giftCatalogue) {
      const svg = readFileSync(join(repository, `apps/web/public/gifts/${id}.svg`), 'utf8');
      expect(svg, id).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 (\d+) \1">/);
    }
    const dutch = JSON.parse(readFileSync(join(repository, 'i18n/nl.json'), 'utf8')) as {
      gifts: Record<string, string>;
    };
    expect(Object.keys(dutch.gifts).sort()).toEqual(giftCatalogue.map((gift) => gift.id).sort());
  });
});

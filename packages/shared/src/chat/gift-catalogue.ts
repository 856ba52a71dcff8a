/** The virtual gifts a member can send in the chat, without zod: the gift picker's browser code reads it too. */
import type { ChatGift } from './chat.ts';

/**
 * The catalogue in the picker's order. `credits` is a gift's own price; null means the site's `gift_credits`
 * setting. Names are the catalogs' `gifts.<id>`; images are `/gifts/<id>.svg` (apps/web/public/gifts).
 */
export const giftCatalogue = [
  { id: 'rose', credits: null },
  { id: 'heart', credits: null },
  { id: 'kiss', credits: null },
  { id: 'sunflower', credits: null },
  { id: 'star', credits: null },
  { id: 'cupcake', credits: null },
  { id: 'chocolates', credits: null },
  { id: 'cocktail', credits: null },
  { id: 'teddy', credits: null },
  { id: 'champagne', credits: 25 },
  { id: 'ring', credits: 40 },
  { id: 'diamond', credits: 50 },
] as const satisfies readonly { id: string; credits: number | null }[];

function toChatGift(gift: (typeof giftCatalogue)[number], giftCredits: number): ChatGift {
  return { id: gift.id, credits: gift.credits ?? giftCredits, image: `/gifts/${gift.id}.svg` };
}

/** Every gift with what it costs on a site whose `gift_credits` setting is `giftCredits`. */
export function findGiftCatalogue(giftCredits: number): ChatGift[] {
  return giftCatalogue.map((gift) => toChatGift(gift, giftCredits));
}

/** One gift and its price, for a send; null when the id is not in the catalogue. */
export function findGift(id: string, giftCredits: number): ChatGift | null {
  const gift = giftCatalogue.find((candidate) => candidate.id === id);
  return gift ? toChatGift(gift, giftCredits) : null;
}

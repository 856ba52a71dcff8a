/** Traffic-source fields kept from a campaign link until signup. Without zod: the root page chunk imports it. */
export const trackingKeys = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;

import { z } from 'zod';
import { countryCodeSchema } from './site-settings.ts';

const coordinate = (limit: number) =>
  z
    .string({ error: 'coordinates_invalid' })
    .regex(/^-?\d{1,3}(\.\d+)?$/, 'coordinates_invalid')
    .transform(Number)
    .refine((value) => Math.abs(value) <= limit, 'coordinates_invalid');

/** GET /api/geocode.php: a position from the browser's geolocation. */
export const geocodeQuerySchema = z.strictObject({ lat: coordinate(90), lon: coordinate(180) });

export const geocodeResultSchema = z.object({
  country: countryCodeSchema,
  /** ISO 3166-2 code of one of the country's regions in regions.php, when known. */
  region: z.string().nullable(),
  city: z.string(),
});
export type GeocodeResult = z.infer<typeof geocodeResultSchema>;

/** The place, or `false` when no known place lies near the position (at sea, or outside the supported countries). */
export const geocodeResponseSchema = z.union([geocodeResultSchema, z.literal(false)]);
export type GeocodeResponse = z.output<typeof geocodeResponseSchema>;

import { z } from 'zod';
import { locales } from '../i18n/locales.ts';

/** `?lang=`: the page names its language, since browsers fetch the manifest without cookies. */
export const appManifestQuerySchema = z.looseObject({ lang: z.enum(locales).optional() });

const manifestIconSchema = z.object({
  src: z.string().startsWith('/'),
  sizes: z.string().regex(/^\d+x\d+$/),
  type: z.literal('image/png'),
  purpose: z.enum(['any', 'maskable']),
});

/** The web app manifest (W3C Web Application Manifest) of one site in one language. */
export const appManifestSchema = z.object({
  id: z.literal('/'),
  name: z.string().min(1),
  short_name: z.string().min(1),
  description: z.string(),
  lang: z.enum(locales),
  dir: z.literal('ltr'),
  start_url: z.literal('/'),
  scope: z.literal('/'),
  display: z.literal('standalone'),
  theme_color: z.string().regex(/^#[0-9a-f]{6}$/),
  background_color: z.string().regex(/^#[0-9a-f]{6}$/),
  icons: z.array(manifestIconSchema).min(1),
});
export type AppManifest = z.infer<typeof appManifestSchema>;

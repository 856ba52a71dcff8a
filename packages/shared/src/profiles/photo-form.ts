import { z } from 'zod';
import { idParamSchema } from '../input.ts';
import { maxPhotoBytes } from './photo-limits.ts';

/** A photo as a form sends it: an image of at most 10 MB, the limits of POST /api/photos.php. */
export const photoFileSchema = z
  .file('photo_invalid')
  .min(1, 'photo_invalid')
  .max(maxPhotoBytes, 'photo_too_large')
  .refine((file) => file.type.startsWith('image/'), 'photo_invalid');

/**
 * POST /profile/photos, the photo forms of the own profile and the signup's photo step: add one (`photo`, sent as
 * multipart/form-data), delete one or make it the main photo (`id`). `redirect` (a path on this site) is read apart.
 */
export const photoFormSchema = z.discriminatedUnion(
  'intent',
  [
    z.strictObject({ intent: z.literal('upload'), photo: photoFileSchema }),
    z.strictObject({ intent: z.literal('delete'), id: idParamSchema }),
    z.strictObject({ intent: z.literal('main'), id: idParamSchema }),
  ],
  'validation_failed',
);
export type PhotoForm = z.output<typeof photoFormSchema>;

/** The form's fields as the schema reads them: the text fields, and the file when one was sent. */
export function readPhotoForm(form: FormData): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const key of ['intent', 'id'] as const) {
    const value = form.get(key);
    if (typeof value === 'string') values[key] = value;
  }
  if (form.has('photo')) values.photo = form.get('photo');
  return values;
}

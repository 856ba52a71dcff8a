import { AppError } from '@app/shared/errors/app-error';
import { type ErrorCode, isErrorCode } from '@app/shared/errors/error-codes';
import { photoFormSchema, readPhotoForm } from '@app/shared/profiles/photo-form';
import { maxPhotoBytes } from '@app/shared/profiles/photo-limits';
import { redirect } from 'react-router';
import { webContext } from '../../context.ts';
import { formOverheadBytes, readCappedFormData } from '../../lib/capped-form-data.server.ts';
import { safeRedirectPath, withSearchParam } from '../../lib/cookies.ts';
import type { Route } from './+types/photos';

/** What a photo form answers in place (the photo manager sends `in_place`): the outcome; the page's loader runs again for the photos. */
export type PhotoAnswer =
  | { ok: true; intent: 'upload' | 'delete' | 'main' }
  | { ok: false; error: ErrorCode; values?: Record<string, string | number> };

/**
 * POST /profile/photos: add (`intent=upload`, `photo`), delete or make main (`intent=delete|main`, `id`) one of the
 * own photos, by the rules of /api/photos.php. A plain form post goes back to `redirect` (default /profile), with
 * `?photo_error=<code>` when refused; the photo manager, once the page runs, sends `in_place` and gets a PhotoAnswer.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const c = context.get(webContext);
  const inPlace = new URL(request.url).searchParams.has('in_place');
  const form = await readCappedFormData(request, maxPhotoBytes + formOverheadBytes);
  const back = safeRedirectPath(form?.get('redirect') ?? '/profile');
  if (!c.user) throw redirect(`/login?redirect=${encodeURIComponent(back)}`);

  const refuse = (error: ErrorCode, values?: Record<string, string | number>) =>
    inPlace
      ? Response.json({ ok: false, error, values } satisfies PhotoAnswer, { status: 400 })
      : redirect(withSearchParam(back, 'photo_error', error));
  if (!form) return refuse('photo_too_large');
  const parsed = photoFormSchema.safeParse(readPhotoForm(form));
  if (!parsed.success) {
    const message = parsed.error.issues[0]!.message;
    return refuse(isErrorCode(message) ? message : 'validation_failed');
  }

  const photos = c.services.profiles;
  const input = parsed.data;
  try {
    if (input.intent === 'upload') await photos.addPhoto(Buffer.from(await input.photo.arrayBuffer()));
    else if (input.intent === 'delete') await photos.deletePhoto(input.id);
    else await photos.setMainPhoto(input.id);
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    return refuse(error.code, error.values as Record<string, string | number> | undefined);
  }
  if (!inPlace) return redirect(withSearchParam(back, 'photo_done', input.intent));
  return Response.json({ ok: true, intent: input.intent } satisfies PhotoAnswer);
}

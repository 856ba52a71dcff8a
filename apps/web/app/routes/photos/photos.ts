import { AppError } from '@app/shared/errors/app-error';
import { type ErrorCode, isErrorCode } from '@app/shared/errors/error-codes';
import { photoFormSchema, readPhotoForm } from '@app/shared/profiles/photo-form';
import { maxPhotoBytes } from '@app/shared/profiles/photo-limits';
import { redirect } from 'react-router';
import { webContext } from '../../context.ts';
import { safeRedirectPath, withSearchParam } from '../../lib/cookies.ts';
import type { Route } from './+types/photos';

/** Room for the multipart wrapping around a photo of the largest size and the short text fields. */
const formOverheadBytes = 64 * 1024;

/** What a photo form answers in place (the photo manager sends `in_place`): the outcome; the page's loader runs again for the photos. */
export type PhotoAnswer =
  | { ok: true; intent: 'upload' | 'delete' | 'main' }
  | { ok: false; error: ErrorCode; values?: Record<string, string | number> };

/**
 * The body as form data, read only up to `limit` bytes: pages get the body stream unparsed, and a photo must not
 * be taken into memory whatever its size. Null when it is larger.
 */
async function readCappedFormData(request: Request, limit: number): Promise<FormData | null> {
  if (Number(request.headers.get('content-length') ?? 0) > limit) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return new Response(new Blob(chunks as BlobPart[]), {
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  }).formData();
}

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

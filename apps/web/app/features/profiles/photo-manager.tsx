import type { ErrorCode } from '@app/shared/errors/error-codes';
import { freePhotoLimit, premiumPhotoLimit } from '@app/shared/profiles/photo-limits';
import type { OwnPhoto } from '@app/shared/profiles/profile-update';
import { type ChangeEvent, useEffect, useState } from 'react';
import { useFetcher, useSearchParams } from 'react-router';
import { loadOnFocus } from '../../lib/form.ts';
import { useFormErrorTexts } from '../../lib/form-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import type { PhotoAnswer } from '../../routes/photos/photos.ts';

const photosAction = '/profile/photos';

/** True once React runs the page: until then forms post plainly and the server answers with a page. */
function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** The action's address: with script the answer comes back in place, without it the server sends the page back. */
function usePhotosAction() {
  return useHydrated() ? `${photosAction}?in_place=1` : photosAction;
}

type Outcome = { error: ErrorCode; values?: Record<string, string | number> } | { done: string } | null;

/** What the last photo form came back with: in place from a fetcher, or in the address after a plain post. */
function useOutcome(answer: PhotoAnswer | undefined, addressError: ErrorCode | null): Outcome {
  const [params] = useSearchParams();
  if (answer) return answer.ok ? { done: answer.intent } : { error: answer.error, values: answer.values };
  if (addressError) return { error: addressError };
  const done = params.get('photo_done');
  return done ? { done } : null;
}

/**
 * The photo form's schema and the error registry, loaded when the file chooser is first reached: neither is part of
 * the page's first load.
 */
const loadPhotoForm = () =>
  Promise.all([import('@app/shared/profiles/photo-form'), import('@app/shared/errors/error-codes')]);

/**
 * Own photos: add (file or camera), make one the main photo, delete one (behind a confirmation, apart from "make
 * main"). Each form posts to /profile/photos; with script through a fetcher, whose state is the pending state,
 * without it as a plain post that comes back to `redirect`.
 */
export function PhotoManager(props: {
  photos: OwnPhoto[];
  paidUser: boolean;
  redirect: string;
  addressError: ErrorCode | null;
}) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const action = usePhotosAction();
  const upload = useFetcher<PhotoAnswer>();
  const change = useFetcher<PhotoAnswer>();
  const [last, setLast] = useState<'upload' | 'change'>('upload');
  const [browserError, setBrowserError] = useState<ErrorCode | null>(null);
  const limit = props.paidUser ? premiumPhotoLimit : freePhotoLimit;
  const answered = useOutcome(last === 'upload' ? upload.data : change.data, props.addressError);
  const outcome: Outcome = browserError ? { error: browserError } : answered;
  const errorTexts = useFormErrorTexts(
    outcome && 'error' in outcome ? { form: { code: outcome.error, values: { limit, ...outcome.values } } } : undefined,
  );
  const uploading = upload.state !== 'idle';
  const busy = uploading || change.state !== 'idle';
  const doneText = outcome && 'done' in outcome ? doneTexts(t)[outcome.done] : undefined;

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const form = input.form;
    if (!hydrated || !form || !input.files?.length) return;
    const chosen = new FormData(form);
    input.value = '';
    // The action's own check, before a large file goes anywhere; the schema loads with the first file chosen.
    const [{ photoFormSchema, readPhotoForm }, { isErrorCode }] = await loadPhotoForm();
    const parsed = photoFormSchema.safeParse(readPhotoForm(chosen));
    setLast('upload');
    if (!parsed.success) {
      const code = parsed.error.issues[0]!.message;
      setBrowserError(isErrorCode(code) ? code : 'photo_invalid');
      return;
    }
    setBrowserError(null);
    upload.submit(chosen, { method: 'post', action, encType: 'multipart/form-data' });
  }

  return (
    <div className="photo-manager">
      {errorTexts.form ? (
        <div className="alert alert-danger py-2" role="alert" data-testid="photo-note">
          {errorTexts.form}
        </div>
      ) : uploading ? (
        <div className="alert alert-info py-2" role="status" data-testid="photo-note">
          {t('own_profile.uploading')}
        </div>
      ) : doneText ? (
        <div className="alert alert-success py-2" role="status" data-testid="photo-note">
          {doneText}
        </div>
      ) : null}
      <ul className="own-photos" data-testid="own-photos">
        {props.photos.map((photo) => (
          <li key={photo.id} className="own-photo">
            <img src={photo.thumb} alt="" width={120} height={120} />
            {photo.is_main ? <span className="badge text-bg-primary">{t('own_profile.main')}</span> : null}
            {photo.status === 'pending' ? (
              <span className="badge text-bg-warning">{t('own_profile.pending')}</span>
            ) : null}
            <div className="own-photo-actions">
              {!photo.is_main && photo.status === 'active' ? (
                <change.Form method="post" action={action} onSubmit={() => setLast('change')}>
                  <PhotoFields intent="main" id={photo.id} redirect={props.redirect} />
                  <button type="submit" className="btn btn-outline-primary btn-sm" disabled={busy}>
                    {t('own_profile.make_main')}
                  </button>
                </change.Form>
              ) : null}
              {/* Deleting takes a second press in a confirmation that opens below, never where "make main" sits. */}
              <details className="own-photo-delete">
                <summary className="btn btn-outline-danger btn-sm">{t('own_profile.delete')}</summary>
                <change.Form method="post" action={action} onSubmit={() => setLast('change')}>
                  <PhotoFields intent="delete" id={photo.id} redirect={props.redirect} />
                  <p className="small mb-1">{t('own_profile.delete_question')}</p>
                  <button type="submit" className="btn btn-danger btn-sm" disabled={busy}>
                    {t('own_profile.delete_confirm')}
                  </button>
                </change.Form>
              </details>
            </div>
          </li>
        ))}
      </ul>
      <p className="small text-body-secondary mb-2">
        {t('own_profile.limit', { count: Math.max(0, limit - props.photos.length) })}
      </p>
      <upload.Form method="post" action={action} encType="multipart/form-data" className="photo-upload">
        <input type="hidden" name="intent" value="upload" />
        <input type="hidden" name="redirect" value={props.redirect} />
        <label className={hydrated ? 'btn btn-outline-primary' : 'form-label'} htmlFor="own-photo-input">
          {t('own_profile.add_photo')}
        </label>
        <input
          onFocus={loadOnFocus(loadPhotoForm)}
          onClick={loadOnFocus(loadPhotoForm)}
          id="own-photo-input"
          className={hydrated ? 'visually-hidden' : 'form-control mb-2'}
          type="file"
          name="photo"
          accept="image/*"
          onChange={chooseFile}
          disabled={busy}
        />
        {hydrated ? null : (
          <button type="submit" className="btn btn-primary">
            {t('own_profile.upload')}
          </button>
        )}
      </upload.Form>
    </div>
  );
}

function PhotoFields(props: { intent: 'main' | 'delete'; id: number; redirect: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="id" value={props.id} />
      <input type="hidden" name="redirect" value={props.redirect} />
    </>
  );
}

function doneTexts(t: (key: string) => string): Record<string, string> {
  return { upload: t('own_profile.uploaded'), delete: t('own_profile.deleted'), main: t('own_profile.main_saved') };
}

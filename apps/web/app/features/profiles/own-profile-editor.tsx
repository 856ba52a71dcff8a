import type { OwnPhoto, OwnPhotosResponse, OwnProfile } from '@app/shared/profiles/profile-update';
import { freePhotoLimit, premiumPhotoLimit } from '@app/shared/profiles/profile-update';
import type { GeocodeResult } from '@app/shared/sites/geocode';
import { countryRegions } from '@app/shared/sites/regions-data';
import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { FormField } from '../../components/ui/form-field.tsx';
import { LocateButton } from '../../components/ui/locate-button.tsx';
import { apiRequest, apiUpload } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { useApiErrorText } from '../../lib/use-api-error-text.ts';
import { useSessionUser } from '../accounts/session-refresh.tsx';
import { AboutFields, PersonalFields, readProfileForm } from './profile-fields.tsx';

type Note = { tone: 'success' | 'danger'; text: string } | null;

/** Own photos: add (file or camera), choose the main photo, delete; the membership's limit is shown. */
export function PhotoManager() {
  const { t } = useI18n();
  const user = useSessionUser();
  const errorText = useApiErrorText();
  const [photos, setPhotos] = useState<OwnPhoto[]>([]);
  const [note, setNote] = useState<Note>(null);
  const [busy, setBusy] = useState(false);
  const limit = user?.paid_user ? premiumPhotoLimit : freePhotoLimit;

  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once; errorText only formats a failure
  useEffect(() => {
    apiRequest<OwnPhotosResponse>('GET', '/api/photos.php')
      .then((answer) => setPhotos(answer.photos))
      .catch((error) => setNote({ tone: 'danger', text: errorText(error) }));
  }, []);

  async function run(action: () => Promise<OwnPhotosResponse>, success: string) {
    setBusy(true);
    try {
      setPhotos((await action()).photos);
      setNote({ tone: 'success', text: success });
    } catch (error) {
      setNote({ tone: 'danger', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  }

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setNote({ tone: 'success', text: t('own_profile.uploading') });
    await run(async () => {
      await apiUpload('/api/photos.php', file);
      return apiRequest<OwnPhotosResponse>('GET', '/api/photos.php');
    }, t('own_profile.uploaded'));
    input.value = '';
  }

  return (
    <section className="card mb-3" aria-labelledby="own-photos" id="photos">
      <div className="card-body">
        <h2 className="h5" id="own-photos">
          {t('own_profile.photos_title')}
        </h2>
        <p className="small text-body-secondary">{t('own_profile.photos_intro')}</p>
        {note ? (
          <div
            className={`alert alert-${note.tone} py-2`}
            role={note.tone === 'danger' ? 'alert' : 'status'}
            data-testid="photo-note"
          >
            {note.text}
          </div>
        ) : null}
        <ul className="own-photos" data-testid="own-photos">
          {photos.map((photo) => (
            <li key={photo.id}>
              <img src={photo.thumb} alt="" width={120} height={120} />
              {photo.is_main ? <span className="badge text-bg-primary">{t('own_profile.main')}</span> : null}
              {photo.status === 'pending' ? (
                <span className="badge text-bg-warning">{t('own_profile.pending')}</span>
              ) : null}
              <div className="own-photo-actions">
                {!photo.is_main && photo.status === 'active' ? (
                  <button
                    type="button"
                    className="btn btn-link btn-sm p-0"
                    disabled={busy}
                    onClick={() =>
                      run(() => apiRequest('PUT', '/api/photos.php', { id: photo.id }), t('settings.saved'))
                    }
                  >
                    {t('own_profile.make_main')}
                  </button>
                ) : null}
                <button
                  type="button"
                  className="btn btn-link btn-sm p-0 text-danger"
                  disabled={busy}
                  onClick={() =>
                    run(() => apiRequest('DELETE', '/api/photos.php', { id: photo.id }), t('own_profile.deleted'))
                  }
                >
                  {t('own_profile.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
        <p className="small text-body-secondary mb-2">
          {t('own_profile.limit', { count: Math.max(0, limit - photos.length) })}
        </p>
        <label className="btn btn-outline-primary" htmlFor="own-photo-input">
          {t('own_profile.add_photo')}
        </label>
        <input
          id="own-photo-input"
          className="visually-hidden"
          type="file"
          accept="image/*"
          onChange={upload}
          disabled={busy}
        />
      </div>
    </section>
  );
}

/** Every field of the own profile, the living area included. */
export function ProfileDetailsForm(props: { profile: OwnProfile }) {
  const { t, locale } = useI18n();
  const { settings } = useRootData();
  const errorText = useApiErrorText();
  const [country, setCountry] = useState(props.profile.country);
  const [note, setNote] = useState<Note>(null);
  // A place found from the browser's position; its number remounts the region and city fields with it.
  const [located, setLocated] = useState<(GeocodeResult & { n: number }) | null>(null);
  const countryNames = new Intl.DisplayNames([locale], { type: 'region' });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = readProfileForm(event.currentTarget, true);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setNote({ tone: 'danger', text: t(`errors.${issue.message}`, { field: String(issue.path[0]) }) });
      return;
    }
    try {
      await apiRequest('PUT', '/api/profile.php', parsed.data);
      setNote({ tone: 'success', text: t('own_profile.saved') });
    } catch (error) {
      setNote({ tone: 'danger', text: errorText(error) });
    }
  }

  return (
    <section className="card mb-3" aria-labelledby="own-details">
      <div className="card-body">
        <h2 className="h5" id="own-details">
          {t('own_profile.details_title')}
        </h2>
        <form method="post" noValidate onSubmit={onSubmit}>
          <PersonalFields profile={props.profile} idPrefix="own" />
          <fieldset className="mb-3">
            <legend className="form-label fs-6">{t('own_profile.living_area')}</legend>
            <FormField id="own-country" label={t('own_profile.country')} control="form-select">
              {(control) => (
                <select
                  {...control}
                  name="country"
                  value={country}
                  onChange={(event) => setCountry(event.target.value)}
                >
                  {settings.countries.map((code) => (
                    <option key={code} value={code}>
                      {countryNames.of(code)}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField id="own-region" label={t('own_profile.region')} control="form-select">
              {(control) => (
                <select
                  {...control}
                  name="region"
                  key={`${country}-${located?.n ?? 0}`}
                  defaultValue={
                    located?.country === country
                      ? (located.region ?? '')
                      : country === props.profile.country
                        ? (props.profile.region ?? '')
                        : ''
                  }
                >
                  <option value="">{t('own_profile.region_none')}</option>
                  {(countryRegions[country]?.regions ?? []).map((region) => (
                    <option key={region.code} value={region.code}>
                      {region.name}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField id="own-city" label={t('own_profile.city')}>
              {(control) => (
                <input
                  {...control}
                  key={located?.n ?? 0}
                  name="city"
                  maxLength={80}
                  defaultValue={located?.city ?? props.profile.city ?? ''}
                />
              )}
            </FormField>
            <LocateButton
              label={t('geo.use_location')}
              onPlace={(place) => {
                setCountry(place.country);
                setLocated({ ...place, n: (located?.n ?? 0) + 1 });
                setNote({ tone: 'success', text: t('geo.filled_in', { place: place.city }) });
              }}
            />
          </fieldset>
          <AboutFields profile={props.profile} idPrefix="own" />
          <button type="submit" className="btn btn-primary mt-3">
            {t('own_profile.save')}
          </button>
          {note ? (
            <p className={`small mt-2 mb-0 text-${note.tone}`} role="status" data-testid="profile-note">
              {note.text}
            </p>
          ) : null}
        </form>
      </div>
    </section>
  );
}

import { genders, minimumMemberAge, sexualities } from '@app/shared/profiles/profile-fields';
import type { OwnProfile } from '@app/shared/profiles/profile-update';
import type { GeocodeResult } from '@app/shared/sites/geocode';
import { useState } from 'react';
import { FormField } from '../../components/ui/form-field.tsx';
import { LocateButton } from '../../components/ui/locate-button.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { type RegionOptions, useRegions } from '../../lib/regions.ts';
import { useRootData } from '../../lib/root-data.ts';

/** The latest date of birth of someone of the minimum age today (the date input's `max`). */
function latestBirthDate(): string {
  const today = new Date();
  return new Date(Date.UTC(today.getUTCFullYear() - minimumMemberAge, today.getUTCMonth(), today.getUTCDate()))
    .toISOString()
    .slice(0, 10);
}

/**
 * The personal-info step's fields: gender, sexuality, date of birth and living area. The country starts as the one
 * the site knew at signup; "use my location" fills in country, region and city from the browser's position.
 */
export function PersonalInfoFields(props: {
  profile: OwnProfile;
  /** The regions of the country the fields start with (the page's loader or refused form sends them). */
  regions: RegionOptions;
  errors: Partial<Record<string, string>>;
}) {
  const { t, locale } = useI18n();
  const { settings } = useRootData();
  const { profile, errors } = props;
  const [country, setCountry] = useState(profile.country);
  const [note, setNote] = useState<string | null>(null);
  // A place found from the position; its number remounts the region and city fields with it.
  const [located, setLocated] = useState<(GeocodeResult & { n: number }) | null>(null);
  const regions = useRegions(country, props.regions);
  const countryNames = new Intl.DisplayNames([locale], { type: 'region' });
  const choice = (field: 'gender' | 'sexuality', values: readonly string[]) => (
    <FormField id={`signup-${field}`} label={t(`complete_signup.${field}`)} control="form-select" error={errors[field]}>
      {(control) => (
        <select {...control} name={field} defaultValue={profile[field] ?? ''} required>
          <option value="">{t('complete_signup.choose')}</option>
          {values.map((value) => (
            <option key={value} value={value}>
              {t(`profile.${field}.${value}`)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
  return (
    <>
      {choice('gender', genders)}
      {choice('sexuality', sexualities)}
      <FormField id="signup-birth-date" label={t('signup.date_of_birth')} error={errors.date_of_birth}>
        {(control) => (
          <input
            {...control}
            name="date_of_birth"
            type="date"
            autoComplete="bday"
            min="1920-01-01"
            max={latestBirthDate()}
            defaultValue={profile.date_of_birth}
            required
          />
        )}
      </FormField>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{t('own_profile.living_area')}</legend>
        <FormField id="signup-country" label={t('own_profile.country')} control="form-select" error={errors.country}>
          {(control) => (
            <select {...control} name="country" value={country} onChange={(event) => setCountry(event.target.value)}>
              {settings.countries.map((code) => (
                <option key={code} value={code}>
                  {countryNames.of(code)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id="signup-region" label={t('own_profile.region')} control="form-select" error={errors.region}>
          {(control) => (
            <select
              {...control}
              name="region"
              key={`${country}-${located?.n ?? 0}-${regions.ready}`}
              defaultValue={
                located?.country === country
                  ? (located.region ?? '')
                  : country === profile.country
                    ? (profile.region ?? '')
                    : ''
              }
            >
              <option value="">{t('own_profile.region_none')}</option>
              {regions.regions.map((region) => (
                <option key={region.code} value={region.code}>
                  {region.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id="signup-city" label={t('own_profile.city')} error={errors.city}>
          {(control) => (
            <input
              {...control}
              key={located?.n ?? 0}
              name="city"
              maxLength={80}
              autoComplete="address-level2"
              defaultValue={located?.city ?? profile.city ?? ''}
              required
            />
          )}
        </FormField>
        <LocateButton
          label={t('geo.use_location')}
          onPlace={(place) => {
            setCountry(place.country);
            setLocated({ ...place, n: (located?.n ?? 0) + 1 });
            setNote(t('complete_signup.located', { place: place.city }));
          }}
        />
        {note ? (
          <p className="small text-success mt-1 mb-0" role="status">
            {note}
          </p>
        ) : null}
      </fieldset>
    </>
  );
}

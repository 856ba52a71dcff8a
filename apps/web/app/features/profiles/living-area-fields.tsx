import { findRegionNames } from '@app/shared/i18n/intl-formats';
import type { OwnProfile } from '@app/shared/profiles/profile-update';
import type { GeocodeResult } from '@app/shared/sites/geocode';
import { useState } from 'react';
import { FormField } from '../../components/ui/form-field.tsx';
import { LocateButton } from '../../components/ui/locate-button.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { type RegionOptions, useRegions } from '../../lib/regions.ts';
import { useRootData } from '../../lib/root-data.ts';

/**
 * Country, region and town, as the signup's personal-info step and the own profile ask them. Another country's
 * regions are fetched when it is chosen; "use my location" fills in all three from the browser's position.
 */
export function LivingAreaFields(props: {
  /** Prefix of the controls' ids, unique on the page. */
  idPrefix: string;
  profile: OwnProfile;
  /** The regions of the country the fields start with (the page's loader or a refused form sends them). */
  regions: RegionOptions;
  errors: Partial<Record<string, string>>;
  cityRequired?: boolean;
  /** The note shown once a place is found, naming its town. */
  locatedText: (city: string) => string;
}) {
  const { t, locale } = useI18n();
  const { settings } = useRootData();
  const { profile, errors, idPrefix } = props;
  const [country, setCountry] = useState(profile.country);
  const [note, setNote] = useState<string | null>(null);
  // A place found from the position; its number remounts the region and city fields with it.
  const [located, setLocated] = useState<(GeocodeResult & { n: number }) | null>(null);
  const regions = useRegions(country, props.regions);
  const countryNames = findRegionNames(locale);
  return (
    <>
      <FormField
        id={`${idPrefix}-country`}
        label={t('own_profile.country')}
        control="form-select"
        error={errors.country}
      >
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
      <FormField id={`${idPrefix}-region`} label={t('own_profile.region')} control="form-select" error={errors.region}>
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
      <FormField id={`${idPrefix}-city`} label={t('own_profile.city')} error={errors.city}>
        {(control) => (
          <input
            {...control}
            key={located?.n ?? 0}
            name="city"
            maxLength={80}
            autoComplete="address-level2"
            defaultValue={located?.city ?? profile.city ?? ''}
            required={props.cityRequired}
          />
        )}
      </FormField>
      <LocateButton
        label={t('geo.use_location')}
        onPlace={(place) => {
          setCountry(place.country);
          setLocated({ ...place, n: (located?.n ?? 0) + 1 });
          setNote(props.locatedText(place.city));
        }}
      />
      {note ? (
        <p className="small text-success mt-1 mb-0" role="status" data-testid="location-note">
          {note}
        </p>
      ) : null}
    </>
  );
}

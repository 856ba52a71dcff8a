import type { OwnProfile } from '@app/shared/profiles/profile-update';
import type { GeocodeResult } from '@app/shared/sites/geocode';
import { type ReactNode, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { FormField } from '../../components/ui/form-field.tsx';
import { LocateButton } from '../../components/ui/locate-button.tsx';
import { type FormErrors, useFormErrorTexts } from '../../lib/form.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { type RegionOptions, useRegions } from '../../lib/regions.ts';
import { useRootData } from '../../lib/root-data.ts';
import { AboutFields, PersonalFields } from './profile-fields.tsx';

/** The own profile's parts, each a form of its own with an anchor a member can be sent to (`/profile#about`). */
const profileSections = ['personal', 'living-area', 'about'] as const;
export type ProfileSection = (typeof profileSections)[number];

/** What the /profile action answered, for the section whose form was sent. */
export type ProfileAnswer = { section: string; saved?: boolean; errors?: FormErrors } | undefined;

/**
 * One section of the own profile: a form posting to the /profile action (it works before and without script),
 * with its own save button, pending state and answer.
 */
function SectionForm(props: { section: ProfileSection; title: string; answer: ProfileAnswer; children: ReactNode }) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const answer = props.answer?.section === props.section ? props.answer : undefined;
  const errors = useFormErrorTexts(answer?.errors);
  const busy = navigation.state === 'submitting' && navigation.formData?.get('section') === props.section;
  return (
    <section className="card mb-3 profile-section" id={props.section} aria-labelledby={`${props.section}-title`}>
      <div className="card-body">
        <h2 className="h5" id={`${props.section}-title`}>
          {props.title}
        </h2>
        <Form method="post" action={`/profile#${props.section}`} noValidate preventScrollReset>
          <input type="hidden" name="section" value={props.section} />
          {props.children}
          {errors.form ? (
            <p className="text-danger small" role="alert">
              {errors.form}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('own_profile.saving') : t('own_profile.save')}
          </button>
          {answer?.saved ? (
            <p className="small mt-2 mb-0 text-success" role="status" data-testid="profile-note">
              {t('own_profile.saved')}
            </p>
          ) : null}
        </Form>
      </div>
    </section>
  );
}

/** Personal details, living area, and about me with interests: the own profile's fields in three short forms. */
export function ProfileSections(props: { profile: OwnProfile; regions: RegionOptions; answer: ProfileAnswer }) {
  const { t } = useI18n();
  const { profile, answer } = props;
  const errorsOf = (section: ProfileSection) => (answer?.section === section ? answer.errors : undefined);
  const personalErrors = useFormErrorTexts(errorsOf('personal'));
  const aboutErrors = useFormErrorTexts(errorsOf('about'));
  return (
    <>
      <SectionForm section="personal" title={t('own_profile.details_title')} answer={answer}>
        <PersonalFields profile={profile} idPrefix="own" errors={personalErrors} />
      </SectionForm>
      <SectionForm section="living-area" title={t('own_profile.living_area')} answer={answer}>
        <LivingAreaFields profile={profile} regions={props.regions} errors={errorsOf('living-area')} />
      </SectionForm>
      <SectionForm section="about" title={t('own_profile.about_title')} answer={answer}>
        <AboutFields profile={profile} idPrefix="own" errors={aboutErrors} />
      </SectionForm>
    </>
  );
}

/** Country, region and town; "use my location" fills them in from the browser's position. */
function LivingAreaFields(props: { profile: OwnProfile; regions: RegionOptions; errors: FormErrors | undefined }) {
  const { t, locale } = useI18n();
  const { settings } = useRootData();
  const errors = useFormErrorTexts(props.errors);
  const { profile } = props;
  const [country, setCountry] = useState(profile.country);
  const [found, setFound] = useState<string | null>(null);
  // A place found from the browser's position; its number remounts the region and city fields with it.
  const [located, setLocated] = useState<(GeocodeResult & { n: number }) | null>(null);
  const regions = useRegions(country, props.regions);
  const countryNames = new Intl.DisplayNames([locale], { type: 'region' });
  return (
    <>
      <FormField id="own-country" label={t('own_profile.country')} control="form-select" error={errors.country}>
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
      <FormField id="own-region" label={t('own_profile.region')} control="form-select" error={errors.region}>
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
      <FormField id="own-city" label={t('own_profile.city')} error={errors.city}>
        {(control) => (
          <input
            {...control}
            key={located?.n ?? 0}
            name="city"
            maxLength={80}
            defaultValue={located?.city ?? profile.city ?? ''}
          />
        )}
      </FormField>
      <LocateButton
        label={t('geo.use_location')}
        onPlace={(place) => {
          setCountry(place.country);
          setLocated({ ...place, n: (located?.n ?? 0) + 1 });
          setFound(t('geo.filled_in', { place: place.city }));
        }}
      />
      {found ? (
        <p className="small text-success" role="status" data-testid="location-note">
          {found}
        </p>
      ) : null}
    </>
  );
}

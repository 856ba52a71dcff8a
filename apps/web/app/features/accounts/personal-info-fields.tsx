import { genders, minimumMemberAge, sexualities } from '@app/shared/profiles/profile-fields';
import type { OwnProfile } from '@app/shared/profiles/profile-update';
import { FormField } from '../../components/ui/form-field.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import type { RegionOptions } from '../../lib/regions.ts';
import { LivingAreaFields } from '../profiles/living-area-fields.tsx';

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
  const { t } = useI18n();
  const { profile, errors } = props;
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
        <LivingAreaFields
          idPrefix="signup"
          profile={profile}
          regions={props.regions}
          errors={errors}
          cityRequired
          locatedText={(city) => t('complete_signup.located', { place: city })}
        />
      </fieldset>
    </>
  );
}

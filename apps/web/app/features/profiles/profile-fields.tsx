import { interests } from '@app/shared/profiles/interests';
import {
  bodyTypes,
  eyeColours,
  genders,
  hairColours,
  relationshipStatuses,
  sexualities,
  signupReasons,
  tattooOptions,
} from '@app/shared/profiles/profile-fields';
import type { OwnProfile } from '@app/shared/profiles/profile-update';
import { profileUpdateSchema } from '@app/shared/profiles/profile-update';
import { FormField } from '../../components/ui/form-field.tsx';
import { useI18n } from '../../lib/i18n.tsx';

export const personalFields = [
  ['gender', genders],
  ['sexuality', sexualities],
  ['relationship_status', relationshipStatuses],
  ['hair_colour', hairColours],
  ['eye_colour', eyeColours],
  ['body_type', bodyTypes],
  ['tattoos', tattooOptions],
  ['reason', signupReasons],
] as const;

/** The selects of the personal details (complete-signup step 1 and the own profile). */
export function PersonalFields(props: { profile: OwnProfile; idPrefix: string }) {
  const { t } = useI18n();
  return (
    <>
      {personalFields.map(([field, values]) => (
        <FormField
          key={field}
          id={`${props.idPrefix}-${field}`}
          label={t(`complete_signup.${field}`)}
          control="form-select"
        >
          {(control) => (
            <select {...control} name={field} defaultValue={props.profile[field] ?? ''}>
              <option value="">{t('complete_signup.choose')}</option>
              {values.map((value) => (
                <option key={value} value={value}>
                  {t(`profile.${field}.${value}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ))}
    </>
  );
}

/** About me and the interest chips (complete-signup step 2 and the own profile). */
export function AboutFields(props: { profile: OwnProfile; idPrefix: string }) {
  const { t } = useI18n();
  return (
    <>
      <FormField id={`${props.idPrefix}-about`} label={t('complete_signup.about_me')}>
        {(control) => (
          <textarea {...control} name="about_me" rows={5} maxLength={2000} defaultValue={props.profile.about_me} />
        )}
      </FormField>
      <fieldset>
        <legend className="form-label fs-6">{t('complete_signup.interests')}</legend>
        <div className="interest-choices">
          {interests.map((interest) => (
            <label key={interest.key} className="interest-choice">
              <input
                type="checkbox"
                name="interests"
                value={interest.key}
                defaultChecked={props.profile.interests.includes(interest.key)}
              />
              <span>{t(`interests.${interest.key}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}

/**
 * Reads a profile form into the shared update schema; an empty select means "not given", and an interests field
 * set without ticks means "none".
 */
export function readProfileForm(form: HTMLFormElement, withInterests: boolean) {
  const values: Record<string, unknown> = {};
  for (const [key, value] of new FormData(form).entries()) {
    if (key === 'interests') values.interests = [...((values.interests as string[]) ?? []), value];
    else if (value !== '' || key === 'region' || key === 'city') values[key] = value;
  }
  if (withInterests && !values.interests) values.interests = [];
  return profileUpdateSchema.safeParse(values);
}

import { interests } from '@app/shared/profiles/interests';
import { personalFields } from '@app/shared/profiles/profile-fields';
import type { OwnProfile } from '@app/shared/profiles/profile-update';
import { FormField } from '../../components/ui/form-field.tsx';
import { useI18n } from '../../lib/i18n.tsx';

/** The selects of the personal details (complete-signup step 1 and the own profile). */
export function PersonalFields(props: {
  profile: OwnProfile;
  idPrefix: string;
  errors?: Partial<Record<string, string>>;
}) {
  const { t } = useI18n();
  return (
    <>
      {personalFields.map(([field, values]) => (
        <FormField
          key={field}
          id={`${props.idPrefix}-${field}`}
          label={t(`complete_signup.${field}`)}
          error={props.errors?.[field]}
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
export function AboutFields(props: {
  profile: OwnProfile;
  idPrefix: string;
  errors?: Partial<Record<string, string>>;
}) {
  const { t } = useI18n();
  return (
    <>
      <FormField
        id={`${props.idPrefix}-about`}
        label={t('complete_signup.about_me')}
        error={props.errors?.about_me ?? props.errors?.interests}
      >
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
 * A profile form's values as the shared update schema reads them: an empty select means "not given" and is left
 * out, while an emptied region, city or about-me clears it. A form with the about-me field also holds the interest
 * ticks, so none ticked there means "none".
 */
export function readProfileValues(form: FormData): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== 'string' || key === 'section') continue;
    if (key === 'interests') values.interests = [...((values.interests as string[]) ?? []), value];
    else if (value !== '' || key === 'region' || key === 'city' || key === 'about_me') values[key] = value;
  }
  if (form.has('about_me') && !values.interests) values.interests = [];
  return values;
}

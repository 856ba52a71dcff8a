import type { OwnProfile } from '@app/shared/profiles/profile-update';
import type { ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { type FormErrors, useFormErrorTexts } from '../../lib/form-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import type { RegionOptions } from '../../lib/regions.ts';
import { LivingAreaFields } from './living-area-fields.tsx';
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
        <OwnLivingArea profile={profile} regions={props.regions} errors={errorsOf('living-area')} />
      </SectionForm>
      <SectionForm section="about" title={t('own_profile.about_title')} answer={answer}>
        <AboutFields profile={profile} idPrefix="own" errors={aboutErrors} />
      </SectionForm>
    </>
  );
}

function OwnLivingArea(props: { profile: OwnProfile; regions: RegionOptions; errors: FormErrors | undefined }) {
  const { t } = useI18n();
  return (
    <LivingAreaFields
      idPrefix="own"
      profile={props.profile}
      regions={props.regions}
      errors={useFormErrorTexts(props.errors)}
      locatedText={(city) => t('geo.filled_in', { place: city })}
    />
  );
}

import { profileUpdateSchema } from '@app/shared/profiles/profile-update';
import { Link } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { type ProfileAnswer, ProfileSections } from '../../features/profiles/own-profile-editor.tsx';
// Not React.lazy: it is small and comes in this page's own chunk, and a lazy part would reach a browser without
// script only through React's streaming script.
import { PhotoManager } from '../../features/profiles/photo-manager.tsx';
import { readProfileValues } from '../../features/profiles/profile-fields.tsx';
import { errorParam } from '../../lib/error-param.server.ts';
import { refuseSubmission, refuseWithError } from '../../lib/form.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { regionOptions } from '../../lib/regions.server.ts';
import { requireMember } from '../../lib/route-guard.ts';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import { parseSubmission } from '../../lib/submission.ts';
import type { Route } from './+types/profile';

export async function loader({ context, request }: Route.LoaderArgs) {
  const c = requireMember(context, request);
  const [profile, photos] = await Promise.all([
    c.services.profiles.findOwnProfile(),
    c.services.profiles.listOwnPhotos(),
  ]);
  return {
    profile: profile!,
    regions: regionOptions(profile!.country),
    /** A photo refused after a plain post (`?photo_error=`), checked against the registry here. */
    photoError: errorParam(request, 'photo_error', 'validation_failed'),
    photos,
    user: c.user,
    siteName: c.settings.name,
  };
}

function readSection(form: FormData) {
  return String(form.get('section') ?? '');
}

/** POST /profile: one section of the own profile, by the rules of PUT /api/profile.php. */
export async function action({ context, request }: Route.ActionArgs) {
  const c = requireMember(context, request);
  const form = await request.formData();
  const section = readSection(form);
  const submission = parseSubmission(profileUpdateSchema, readProfileValues(form));
  if (!submission.ok) return refuseSubmission(submission.errors, 400, { section });
  try {
    await c.services.profiles.updateOwnProfile(submission.value);
  } catch (error) {
    return refuseWithError(error, { section });
  }
  return { section, saved: true };
}

/** The same schema in the browser first: a mistake shows at once and costs no round trip. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const [form, { profileUpdateSchema: schema }, { parseSubmission: check }] = await Promise.all([
    request.clone().formData(),
    // The schema and the error registry load with the first section sent, not with the page.
    import('@app/shared/profiles/profile-update'),
    import('../../lib/submission.ts'),
  ]);
  const submission = check(schema, readProfileValues(form));
  if (!submission.ok) return { section: readSection(form), errors: submission.errors };
  return serverAction();
}

export const handle = defineRouteHandle({
  messages: ['complete_signup', 'geo', 'interests', 'own_profile', 'profile', 'settings'],
});

/** /profile: the member's own photos and profile, in sections a link can open directly; settings are apart. */
export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { user } = loaderData;
  const photo = user.profile.main_image;
  return (
    <main className="container profile-page">
      <PageTitle title={`${t('settings.profile_title')} · ${loaderData.siteName}`} />
      <header className="profile-header">
        {photo ? (
          <img src={photo.thumb_filename} alt="" width={64} height={64} className="profile-avatar" />
        ) : (
          <span className="profile-avatar profile-avatar-empty">
            <Icon name="person-circle" />
          </span>
        )}
        <div className="profile-header-text">
          <h1 className="h3 mb-0">{user.profile.name}</h1>
          <Link to={`/members/${user.profile.id}`}>{t('own_profile.view_own')}</Link>
        </div>
      </header>
      <nav className="profile-sections-nav" aria-label={t('own_profile.sections')}>
        <a href="#photos">{t('own_profile.photos_title')}</a>
        <a href="#personal">{t('own_profile.details_title')}</a>
        <a href="#living-area">{t('own_profile.living_area')}</a>
        <a href="#about">{t('own_profile.about_title')}</a>
        <Link to="/settings">{t('own_profile.settings_link')}</Link>
      </nav>
      <section className="card mb-3 profile-section" aria-labelledby="own-photos" id="photos">
        <div className="card-body">
          <h2 className="h5" id="own-photos">
            {t('own_profile.photos_title')}
          </h2>
          <p className="small text-body-secondary">{t('own_profile.photos_intro')}</p>
          <PhotoManager
            photos={loaderData.photos}
            paidUser={user.paid_user}
            redirect="/profile#photos"
            addressError={loaderData.photoError}
          />
        </div>
      </section>
      <ProfileSections profile={loaderData.profile} regions={loaderData.regions} answer={actionData as ProfileAnswer} />
      <p className="mb-4">
        <Link className="btn btn-outline-secondary" to="/settings">
          {t('own_profile.settings_link')}
        </Link>
      </p>
    </main>
  );
}

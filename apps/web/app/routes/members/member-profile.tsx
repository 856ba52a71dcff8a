import { AppError } from '@app/shared/errors/app-error';
import type { ErrorCode } from '@app/shared/errors/error-codes';
import { parseIdParam } from '@app/shared/input';
import type { MemberProfile } from '@app/shared/profiles/member-profile';
import { personalFields } from '@app/shared/profiles/profile-fields';
import { useState } from 'react';
import { data, Link, useFetcher, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Icon, isIconName } from '../../components/ui/icon.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { useDocumentTitle } from '../../components/ui/page-title.tsx';
import { webContext } from '../../context.ts';
import { useSessionUser } from '../../features/accounts/session-refresh.tsx';
import { LikeButton } from '../../features/likes/like-button.tsx';
import { FictionalLabel } from '../../features/members/fictional-label.tsx';
import { errorParam } from '../../lib/error-param.server.ts';
import { useFormErrorTexts } from '../../lib/form-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { regionName } from '../../lib/regions.server.ts';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import type { Route } from './+types/member-profile';

const detailFields = personalFields.map(([field]) => field);

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const c = context.get(webContext);
  // Only an id's one spelling, within the database's range: `abc`, `1e3`, `-1` or 2^31 is no member (404).
  const id = parseIdParam(params.id);
  if (id === null) throw data(null, { status: 404 });
  try {
    // Side by side: the likes are read (and a new like from this member marked seen) only for a profile the viewer
    // may find, which is one findMember shows.
    const mine = c.user !== null && c.user.profile.id !== id;
    const [member, { liked, likedBy }] = await Promise.all([
      c.services.profiles.findMember(id),
      mine ? c.services.likes.openLikesWith(id) : { liked: false, likedBy: null },
    ]);
    const likesViewer = likedBy !== null;
    return {
      member,
      liked,
      likesViewer,
      blockError: errorParam(request, 'block_error'),
      likeError: errorParam(request, 'like_error'),
      regionName: member.living_area ? regionName(member.living_area.country, member.living_area.region) : null,
      siteName: c.settings.name,
      fictionalIcon: c.settings.fictional_icon,
      fictionalLabel: c.settings.fictional_singular,
      fictionalWarning: c.settings.fictional_warning,
    };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { member, siteName } = loaderData;
  const main = member.photos.find((photo) => photo.is_main);
  const title = profileTitle(member, siteName);
  return [
    { title },
    { property: 'og:title', content: title },
    { property: 'og:type', content: 'profile' },
    ...(main ? [{ property: 'og:image', content: main.match }] : []),
  ];
}

/** /members/{id}: a member's profile with photos (locked ones blurred), details, and blocking. */
function profileTitle(member: Pick<MemberProfile, 'name' | 'age'>, siteName: string) {
  return `${member.name}${member.age ? `, ${member.age}` : ''} · ${siteName}`;
}

export const handle = defineRouteHandle({ messages: ['interests', 'member_profile', 'members', 'profile'] });

export default function MemberProfilePage({ loaderData }: Route.ComponentProps) {
  useDocumentTitle(profileTitle(loaderData.member, loaderData.siteName));
  const { t } = useI18n();
  const user = useSessionUser();
  const { member } = loaderData;
  const [current, setCurrent] = useState(0);
  const photo = member.photos[current];
  const { regionName } = loaderData;
  const likeErrors = useFormErrorTexts(loaderData.likeError ? { form: { code: loaderData.likeError } } : undefined);

  return (
    <main className="container member-profile">
      {member.fictional ? (
        <div className="alert alert-warning fictional-warning mt-3" role="note" data-testid="fictional-warning">
          <FictionalLabel icon={loaderData.fictionalIcon} label={loaderData.fictionalLabel} />
          <p className="mb-0 mt-2">{loaderData.fictionalWarning}</p>
        </div>
      ) : null}
      {member.is_own ? <p className="alert alert-info mt-3 mb-0">{t('member_profile.own_profile')}</p> : null}
      <div className="member-profile-grid">
        <section className="member-photos" aria-label={t('member_profile.photos', { name: member.name })}>
          {photo ? (
            <div className={`member-photo-main${photo.locked ? ' is-locked' : ''}`}>
              <img
                src={photo.match}
                alt={photo.locked ? '' : member.name}
                width={480}
                height={600}
                // The page's largest paint: fetched before the scripts.
                fetchPriority="high"
              />
              {photo.locked ? (
                <div className="member-photo-lock" data-testid="photo-locked">
                  <p>{user ? t('member_profile.locked_free') : t('member_profile.locked_visitor')}</p>
                  {user ? (
                    <Link className="btn btn-light" to="/premium" data-testid="photo-locked-premium">
                      {t('member_profile.get_premium')}
                    </Link>
                  ) : (
                    <Link className="btn btn-light" to={`/login?redirect=/members/${member.id}`}>
                      {t('member_profile.login')}
                    </Link>
                  )}
                </div>
              ) : null}
            </div>
          ) : (
            <div className="member-photo-main member-card-nophoto" />
          )}
          {member.photos.length > 1 ? (
            <ul className="member-thumbs">
              {member.photos.map((item, index) => (
                <li key={item.id}>
                  <button
                    type="button"
                    className={`member-thumb${index === current ? ' active' : ''}${item.locked ? ' is-locked' : ''}`}
                    onClick={() => setCurrent(index)}
                    aria-label={`${index + 1} / ${member.photos.length}`}
                  >
                    <img src={item.thumb} alt="" width={80} height={100} loading="lazy" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <p className="small text-body-secondary mt-2">
            {t('member_profile.photo_count', { count: member.photo_count })}
          </p>
        </section>
        <section className="member-details">
          <h1 className="h3 mb-1">
            {member.name}
            {member.age ? `, ${t('members.age', { age: member.age })}` : ''}
          </h1>
          {member.fictional ? (
            <FictionalLabel icon={loaderData.fictionalIcon} label={loaderData.fictionalLabel} className="mb-2" />
          ) : null}
          {member.living_area ? (
            <p className="text-body-secondary mb-3">
              {[member.living_area.city, regionName].filter(Boolean).join(', ')}
            </p>
          ) : null}
          {member.is_own ? null : (
            <div className="member-like mb-3">
              <LikeButton
                variant="page"
                liked={loaderData.liked}
                member={{
                  id: member.id,
                  name: member.name,
                  photo: member.photos.find((photo) => photo.is_main)?.match ?? null,
                  fictional: member.fictional,
                }}
              />
              {user && !member.blocked_by_viewer ? (
                <Link
                  className="btn btn-primary member-chat-button"
                  to={`/members/${member.id}/chat`}
                  data-testid="member-chat"
                >
                  <Icon name="chat-dots" /> {t('member_profile.send_message')}
                </Link>
              ) : null}
              {loaderData.likesViewer ? (
                <span className="badge rounded-pill text-bg-light member-likes-you" data-testid="likes-you">
                  <Icon name="heart-fill" /> {t('member_profile.likes_you', { name: member.name })}
                </span>
              ) : null}
              {likeErrors.form ? (
                <p className="text-danger small mb-0 mt-1" role="alert" data-testid="like-error">
                  {likeErrors.form}
                </p>
              ) : null}
            </div>
          )}
          {!user && !member.is_own ? <VisitorSignupPrompt memberId={member.id} name={member.name} /> : null}
          {member.about_me ? (
            <>
              <h2 className="h6">{t('member_profile.about_me')}</h2>
              <p className="member-about">{member.about_me}</p>
            </>
          ) : null}
          <h2 className="h6">{t('member_profile.details', { name: member.name })}</h2>
          <dl className="member-fields">
            {detailFields.map((field) =>
              member[field] ? (
                <div key={field}>
                  <dt>{t(`member_profile.fields.${field}`)}</dt>
                  <dd>{t(`profile.${field}.${member[field]}`)}</dd>
                </div>
              ) : null,
            )}
          </dl>
          {member.interests.length ? (
            <>
              <h2 className="h6">{t('member_profile.interests')}</h2>
              <ul className="interest-list">
                {member.interests.map((interest) => (
                  <li key={interest}>
                    {isIconName(interest) ? <Icon name={interest} /> : null}
                    {t(`interests.${interest}`)}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {user && !member.is_own ? (
            <BlockForms
              memberId={member.id}
              name={member.name}
              blocked={member.blocked_by_viewer}
              error={loaderData.blockError}
            />
          ) : null}
        </section>
      </div>
    </main>
  );
}

/** What a visitor gets by signing up, with this member as the signup's target. */
function VisitorSignupPrompt(props: { memberId: number; name: string }) {
  const { t } = useI18n();
  return (
    <aside className="card mb-3 visitor-signup" data-testid="visitor-signup">
      <div className="card-body">
        <h2 className="h5">{t('member_profile.signup_title', { name: props.name })}</h2>
        <ul className="visitor-signup-list">
          <li>
            <Icon name="chat-dots" /> {t('member_profile.signup_chat', { name: props.name })}
          </li>
          <li>
            <Icon name="heart" /> {t('member_profile.signup_like', { name: props.name })}
          </li>
          <li>
            <Icon name="check-circle" /> {t('member_profile.signup_photos', { name: props.name })}
          </li>
        </ul>
        <Link className="btn btn-primary" to={`/members/${props.memberId}/signup`}>
          {t('member_profile.signup_button')}
        </Link>
      </div>
    </aside>
  );
}

/** The query parameter that opens the block confirmation over the profile (`?block=modal`). */
const blockModalParam = 'block';

/** The current address with the block confirmation open or closed. */
function withBlockModal(pathname: string, search: string, open: boolean): string {
  const params = new URLSearchParams(search);
  if (open) params.set(blockModalParam, 'modal');
  else params.delete(blockModalParam);
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ''}`;
}

/**
 * Block (confirmed in a modal, a page state of its own: `?block=modal`, which the server renders open, script or
 * not) or unblock: forms posting to /blocks. After a block the member goes back to the search; an unblock comes back
 * here.
 */
function BlockForms(props: { memberId: number; name: string; blocked: boolean; error: ErrorCode | null }) {
  const { t } = useI18n();
  const fetcher = useFetcher();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const errors = useFormErrorTexts(props.error ? { form: { code: props.error } } : undefined);
  const busy = fetcher.state !== 'idle';
  const fields = (intent: 'block' | 'unblock') => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="profile_id" value={props.memberId} />
      <input type="hidden" name="redirect" value={intent === 'block' ? '/members' : `/members/${props.memberId}`} />
    </>
  );
  const confirming = !props.blocked && params.get(blockModalParam) === 'modal';
  const closeHref = withBlockModal(location.pathname, location.search, false);
  return (
    <div className="mt-4 member-block">
      {errors.form ? (
        <p className="text-danger small" role="alert" data-testid="block-error">
          {errors.form}
        </p>
      ) : null}
      {props.blocked ? (
        <fetcher.Form method="post" action="/blocks">
          <p className="small text-body-secondary">{t('member_profile.blocked_note')}</p>
          {fields('unblock')}
          <button type="submit" className="btn btn-outline-secondary" disabled={busy}>
            {t('member_profile.unblock')}
          </button>
        </fetcher.Form>
      ) : (
        <Link
          className="btn btn-outline-danger"
          to={withBlockModal(location.pathname, location.search, true)}
          preventScrollReset
          data-testid="block-open"
        >
          {t('member_profile.block')}
        </Link>
      )}
      {confirming ? (
        <Modal
          id="block-modal"
          title={t('member_profile.block_title', { name: props.name })}
          closeHref={closeHref}
          onClose={() => navigate(closeHref, { replace: true, preventScrollReset: true })}
        >
          <fetcher.Form method="post" action="/blocks">
            <p>{t('member_profile.block_body', { name: props.name })}</p>
            {fields('block')}
            <div className="d-flex flex-wrap gap-2 justify-content-end">
              <Link className="btn btn-outline-secondary" to={closeHref} replace preventScrollReset>
                {t('member_profile.block_cancel')}
              </Link>
              <button type="submit" className="btn btn-danger" disabled={busy}>
                {t('member_profile.block_confirm')}
              </button>
            </div>
          </fetcher.Form>
        </Modal>
      ) : null}
    </div>
  );
}

import { AppError } from '@app/shared/errors/app-error';
import { parseIdParam } from '@app/shared/input';
import type { MemberProfile } from '@app/shared/profiles/member-profile';
import { countryRegions } from '@app/shared/sites/regions-data';
import { useState } from 'react';
import { data, Link, useNavigate } from 'react-router';
import { Icon, isIconName } from '../../components/ui/icon.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { useDocumentTitle } from '../../components/ui/page-title.tsx';
import { webContext } from '../../context.ts';
import { useSessionUser } from '../../features/accounts/session-refresh.tsx';
import { FictionalLabel } from '../../features/members/member-card.tsx';
import { personalFields } from '../../features/profiles/profile-fields.tsx';
import { ApiRequestError, apiRequest } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import type { Route } from './+types/member-profile';

const detailFields = personalFields.map(([field]) => field);

export async function loader({ context, params }: Route.LoaderArgs) {
  const c = context.get(webContext);
  // Only an id's one spelling, within the database's range: `abc`, `1e3`, `-1` or 2^31 is no member (404).
  const id = parseIdParam(params.id);
  if (id === null) throw data(null, { status: 404 });
  try {
    const member = await c.services.profiles.findMember(id);
    return {
      member,
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

export default function MemberProfilePage({ loaderData }: Route.ComponentProps) {
  useDocumentTitle(profileTitle(loaderData.member, loaderData.siteName));
  const { t } = useI18n();
  const user = useSessionUser();
  const navigate = useNavigate();
  const { member } = loaderData;
  const [current, setCurrent] = useState(0);
  const [blocking, setBlocking] = useState(false);
  const [blockError, setBlockError] = useState<string | null>(null);
  const photo = member.photos[current];
  const regionName = member.living_area?.region
    ? countryRegions[member.living_area.country]?.regions.find((region) => region.code === member.living_area?.region)
        ?.name
    : null;

  async function changeBlock(block: boolean) {
    try {
      await apiRequest(block ? 'POST' : 'DELETE', '/api/blocks.php', { profile_id: member.id });
      if (block) navigate('/members');
      else navigate('.', { replace: true });
    } catch (error) {
      setBlockError(error instanceof ApiRequestError ? error.message : t('errors.internal_error'));
    }
  }

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
              <img src={photo.match} alt={photo.locked ? '' : member.name} width={480} height={600} />
              {photo.locked ? (
                <div className="member-photo-lock" data-testid="photo-locked">
                  <p>{user ? t('member_profile.locked_free') : t('member_profile.locked_visitor')}</p>
                  {user ? null : (
                    <Link className="btn btn-light btn-sm" to={`/login?redirect=/members/${member.id}`}>
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
            <div className="mt-4">
              {member.blocked_by_viewer ? (
                <>
                  <p className="small text-body-secondary">{t('member_profile.blocked_note')}</p>
                  <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => changeBlock(false)}>
                    {t('member_profile.unblock')}
                  </button>
                </>
              ) : (
                <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => setBlocking(true)}>
                  {t('member_profile.block')}
                </button>
              )}
            </div>
          ) : null}
        </section>
      </div>
      {blocking ? (
        <Modal
          id="block-user-modal"
          title={t('member_profile.block_title', { name: member.name })}
          onClose={() => setBlocking(false)}
          footer={
            <>
              <button type="button" className="btn btn-outline-secondary" onClick={() => setBlocking(false)}>
                {t('member_profile.cancel')}
              </button>
              <button type="button" className="btn btn-danger" onClick={() => changeBlock(true)}>
                {t('member_profile.block_confirm')}
              </button>
            </>
          }
        >
          <p>{t('member_profile.block_body', { name: member.name })}</p>
          {blockError ? <p className="text-danger small">{blockError}</p> : null}
        </Modal>
      ) : null}
    </main>
  );
}

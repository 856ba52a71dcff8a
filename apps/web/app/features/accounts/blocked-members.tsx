import type { BlockedListResponse, BlockedMember } from '@app/shared/moderation/blocks';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { apiRequest } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';

/** The members this member has blocked, each with an unblock button. */
export function BlockedMembersSection() {
  const { t } = useI18n();
  const [blocked, setBlocked] = useState<BlockedMember[] | null>(null);
  useEffect(() => {
    apiRequest<BlockedListResponse>('GET', '/api/blocks.php')
      .then((answer) => setBlocked(answer.blocked))
      .catch(() => setBlocked([]));
  }, []);
  return (
    <section className="card mb-3" aria-labelledby="settings-blocked">
      <div className="card-body">
        <h2 className="h5" id="settings-blocked">
          {t('settings.blocked_title')}
        </h2>
        {blocked && blocked.length === 0 ? (
          <p className="small text-body-secondary mb-0">{t('settings.blocked_none')}</p>
        ) : null}
        <ul className="list-unstyled mb-0" data-testid="blocked-members">
          {(blocked ?? []).map((member) => (
            <li key={member.id} className="d-flex justify-content-between align-items-center py-1">
              <Link to={`/members/${member.id}`}>{member.name}</Link>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                onClick={async () => {
                  const answer = await apiRequest<BlockedListResponse>('DELETE', '/api/blocks.php', {
                    profile_id: member.id,
                  });
                  setBlocked(answer.blocked);
                }}
              >
                {t('member_profile.unblock')}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

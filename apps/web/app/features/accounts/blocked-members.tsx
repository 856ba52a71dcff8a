import type { ErrorCode } from '@app/shared/errors/error-codes';
import type { BlockedMember } from '@app/shared/moderation/blocks';
import { Link, useFetcher } from 'react-router';
import { useFormErrorTexts } from '../../lib/form-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';

/**
 * The members this member has blocked (the page's loader gives them: `services.moderation.listBlocked()`), each
 * with an unblock form posting to /blocks, which comes back to `/settings#blocked`.
 */
export function BlockedMembersSection(props: {
  blocked: BlockedMember[];
  /** An unblock refused after a plain post (`?block_error=`; the loader checks the code). */
  error: ErrorCode | null;
}) {
  const { t } = useI18n();
  const errors = useFormErrorTexts(props.error ? { form: { code: props.error } } : undefined);
  return (
    <section className="card mb-3" aria-labelledby="settings-blocked" id="blocked">
      <div className="card-body">
        <h2 className="h5" id="settings-blocked">
          {t('settings.blocked_title')}
        </h2>
        {errors.form ? (
          <p className="text-danger small" role="alert">
            {errors.form}
          </p>
        ) : null}
        {props.blocked.length === 0 ? (
          <p className="small text-body-secondary mb-0">{t('settings.blocked_none')}</p>
        ) : null}
        <ul className="list-unstyled mb-0 blocked-members" data-testid="blocked-members">
          {props.blocked.map((member) => (
            <BlockedMemberItem key={member.id} member={member} />
          ))}
        </ul>
      </div>
    </section>
  );
}

function BlockedMemberItem(props: { member: BlockedMember }) {
  const { t } = useI18n();
  const fetcher = useFetcher();
  const { member } = props;
  return (
    <li className="d-flex justify-content-between align-items-center gap-2 py-1">
      <Link to={`/members/${member.id}`}>{member.name}</Link>
      <fetcher.Form method="post" action="/blocks">
        <input type="hidden" name="intent" value="unblock" />
        <input type="hidden" name="profile_id" value={member.id} />
        <input type="hidden" name="redirect" value="/settings#blocked" />
        <button type="submit" className="btn btn-outline-secondary" disabled={fetcher.state !== 'idle'}>
          {t('member_profile.unblock')}
        </button>
      </fetcher.Form>
    </li>
  );
}

import { freeVisibleLikers } from '@app/shared/likes/like-constants';
import { Link } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { useI18n } from '../../lib/i18n.tsx';

/** Free members see who gave their first few likes; this asks them to go premium for the rest. */
export function LockedLikesPrompt(props: {
  /** Hidden likes, when known; without it the prompt speaks of this one like. */
  count?: number;
  title?: string;
  headingLevel?: 1 | 2;
}) {
  const { t } = useI18n();
  const Heading = props.headingLevel === 1 ? 'h1' : 'h2';
  return (
    <aside className="card likes-premium" data-testid="likes-premium">
      <div className="card-body">
        <Heading className="h5 likes-premium-title">
          <Icon name="lock-fill" /> {props.title ?? t('likes.locked_title', { count: props.count ?? 1 })}
        </Heading>
        <p>{t('likes.locked_body', { count: freeVisibleLikers })}</p>
        <Link className="btn btn-warning" to="/premium">
          <Icon name="gem" /> {t('likes.get_premium')}
        </Link>
      </div>
    </aside>
  );
}

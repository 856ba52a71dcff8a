import { useI18n } from '../../lib/i18n.tsx';
import { countBadgeText } from '../shell/shell-rules.ts';
import { useLikes } from './likes-state.tsx';

/** The new-likes count on the likes link (top navigation, tab bar): up to 99, then 99+; said in words too. */
export function NewLikesBadge(props: { className?: string }) {
  const { t } = useI18n();
  const { newLikes } = useLikes();
  const text = countBadgeText(newLikes);
  if (!text) return null;
  return (
    <span className={`badge rounded-pill text-bg-primary ${props.className ?? ''}`} data-testid="new-likes-badge">
      <span aria-hidden="true">{text}</span>
      <span className="visually-hidden">{t('nav.new_likes', { count: newLikes })}</span>
    </span>
  );
}

import { Link } from 'react-router';
import { useBannerDismissal } from '../../lib/banner-dismissal.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useSessionUser } from '../accounts/session-refresh.tsx';

/** While a member has no photo: a reminder to add one; closing it stores the moment. */
export default function PhotoAlertContent() {
  const { t } = useI18n();
  const user = useSessionUser();
  const { dismissed, dismiss } = useBannerDismissal('photo', true);
  if (!user || user.profile.main_image || dismissed) return null;
  return (
    <div className="container mt-3">
      <div className="alert alert-info d-flex align-items-center gap-2 mb-0" role="status" data-testid="photo-alert">
        <span className="flex-grow-1">{t('photo_alert.text')}</span>
        <Link className="btn btn-sm btn-primary photo-alert-action" to="/profile#photos">
          {t('photo_alert.link')}
        </Link>
        <button type="button" className="btn-close" aria-label={t('photo_alert.dismiss')} onClick={dismiss} />
      </div>
    </div>
  );
}

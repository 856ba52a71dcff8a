import { lazy, Suspense } from 'react';
import { useSessionUser } from '../accounts/session-refresh.tsx';

// Loaded for a member without a photo only: every page carries the layout, and the alert shows after hydration
// anyway (this browser remembers its closing).
const PhotoAlertContent = lazy(() => import('./photo-alert-content.tsx'));

/** While a member has no photo: a reminder to add one (photo-alert-content.tsx). */
export function ProfilePhotoAlert() {
  const user = useSessionUser();
  if (!user || user.profile.main_image) return null;
  return (
    <Suspense fallback={null}>
      <PhotoAlertContent />
    </Suspense>
  );
}

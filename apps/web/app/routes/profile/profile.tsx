import type { AccountSettings } from '@app/shared/accounts/account-settings';
import { useState } from 'react';
import { Icon } from '../../components/ui/icon.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { BlockedMembersSection } from '../../features/accounts/blocked-members.tsx';
import { DeleteAccountSection } from '../../features/accounts/delete-account.tsx';
import {
  EmailSection,
  InvisibleSection,
  NotificationSection,
  PasswordSection,
} from '../../features/accounts/settings-sections.tsx';
import { PhotoManager, ProfileDetailsForm } from '../../features/profiles/own-profile-editor.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { requireMember } from '../../lib/route-guard.ts';
import type { Route } from './+types/profile';

export async function loader({ context, request }: Route.LoaderArgs) {
  const c = requireMember(context, request);
  const [settings, profile] = await Promise.all([
    c.services.accounts.findAccountSettings(),
    c.services.profiles.findOwnProfile(),
  ]);
  return { settings: settings!, profile: profile!, user: c.user, siteName: c.settings.name };
}

/** /profile: the member's own profile and settings. */
export default function Profile({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { user } = loaderData;
  const [settings, setSettings] = useState<AccountSettings>(loaderData.settings);
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
        <div>
          <h1 className="h3 mb-0">{user.profile.name}</h1>
          <p className="text-body-secondary mb-0">{settings.email}</p>
        </div>
      </header>
      <PhotoManager />
      <ProfileDetailsForm profile={loaderData.profile} />
      <h2 className="h4 mt-4" id="settings">
        {t('settings.title')}
      </h2>
      <NotificationSection settings={settings} onChange={setSettings} />
      <InvisibleSection settings={settings} onChange={setSettings} />
      <PasswordSection />
      <EmailSection email={settings.email} />
      <BlockedMembersSection />
      <DeleteAccountSection onChange={setSettings} />
    </main>
  );
}

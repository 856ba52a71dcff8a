import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

// Route ids are the spec's route names. Areas are added as they are built.
export default [
  layout('routes/layouts/default-layout.tsx', [
    index('routes/home/home.tsx', { id: 'index' }),
    route('pages/terms', 'routes/pages/legal-page.tsx', { id: 'terms' }),
    route('pages/privacy', 'routes/pages/legal-page.tsx', { id: 'privacy' }),
    route('pages/cookies', 'routes/pages/legal-page.tsx', { id: 'cookies' }),
    route('pages/ban', 'routes/pages/legal-page.tsx', { id: 'ban' }),
    route('pages/return-policy', 'routes/pages/legal-page.tsx', { id: 'return-policy' }),
    route('pages/faq', 'routes/pages/legal-page.tsx', { id: 'faq' }),
    route('pages/service', 'routes/pages/legal-page.tsx', { id: 'service' }),
    route('members', 'routes/members/members.tsx', { id: 'members' }),
    route('members/:id', 'routes/members/member-profile.tsx', { id: 'members-id' }),
    route('login', 'routes/login/login.tsx', { id: 'login' }),
    route('logout', 'routes/logout/logout.tsx', { id: 'logout' }),
    route('signup', 'routes/signup/signup.tsx', { id: 'signup' }),
    route('reset-password', 'routes/reset-password/request-reset.tsx', { id: 'reset-password' }),
    route('reset-password/do', 'routes/reset-password/choose-password.tsx', { id: 'reset-password-do' }),
    route('activate/done', 'routes/activate/activate-result.tsx', { id: 'activate-done' }),
    route('activate/error', 'routes/activate/activate-result.tsx', { id: 'activate-error' }),
    route('complete-signup', 'routes/complete-signup/complete-signup.tsx', { id: 'complete-signup' }),
    route('signup-matches', 'routes/signup-matches/signup-matches.tsx', { id: 'signup-matches' }),
    route('profile', 'routes/profile/profile.tsx', { id: 'profile' }),
    route('account-deleted', 'routes/account-deleted/account-deleted.tsx', { id: 'account-deleted' }),
    route('mail-change/do', 'routes/mail-change/confirm-mail-change.tsx', { id: 'mail-change-do' }),
    route('mail-change/undo', 'routes/mail-change/undo-mail-change.tsx', { id: 'mail-change-undo' }),
    route('pricing', 'routes/pricing/pricing.tsx', { id: 'pricing' }),
    route('complaints', 'routes/complaints/complaints.tsx', { id: 'complaints' }),
    route('*', 'routes/errors/not-found.tsx', { id: 'not-found' }),
  ]),
  layout('routes/layouts/lander-layout.tsx', [
    route('members/:id/landing', 'routes/member-landing/member-landing.tsx', { id: 'members-id-landing' }),
    route('members/:id/signup', 'routes/member-landing/member-signup.tsx', { id: 'members-id-signup' }),
  ]),
  layout('routes/layouts/empty-layout.tsx', [
    route('lang-config', 'routes/lang-config/lang-config.tsx', { id: 'lang-config' }),
  ]),
  route('lang', 'routes/preferences/language.ts', { id: 'lang' }),
  route('profile/photos', 'routes/photos/photos.ts', { id: 'profile-photos' }),
  route('blocks', 'routes/blocks/blocks.ts', { id: 'blocks' }),
  route('entry-warning', 'routes/preferences/entry-warning.ts', { id: 'entry-warning' }),
] satisfies RouteConfig;

/**
 * What the page head and the web app manifest both name: the colours of the installed app's frame and splash
 * screen, and where its icons are. No zod here: the root layout imports it on every page's first load.
 */

/** The brand colour (`$brand-primary` in apps/web/app/styles/theme.scss): the browser's bar and the app's frame. */
export const appThemeColor = '#d14470';
/** The page background (`$body-bg` in theme.scss): the splash screen while the installed app starts. */
export const appBackgroundColor = '#fbf7f8';

export const appManifestPath = '/manifest.webmanifest';

/** The icon iOS asks for at its well-known path (apart, so the pages' script carries only this one). */
export const appleTouchIcon = { path: '/apple-touch-icon.png', size: 180 } as const;

/** The icon sizes the manifest lists, and the apple-touch-icon. */
export const appIcons = {
  any192: { path: '/icons/app-192.png', size: 192 },
  any512: { path: '/icons/app-512.png', size: 512 },
  maskable512: { path: '/icons/app-maskable-512.png', size: 512 },
  appleTouch: appleTouchIcon,
} as const;
export type AppIconName = keyof typeof appIcons;

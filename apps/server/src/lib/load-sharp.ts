/**
 * sharp (libvips, about 7 MB of resident memory) loads with the first image a process makes (a photo, a locked
 * photo's blurred copy, an app icon), not with the server (decision 029). Node keeps the module once loaded; a sharp
 * that fails to load fails that image's request with a 500, never as the member's photo being invalid.
 */
export async function loadSharp() {
  return (await import('sharp')).default;
}

export type SharpFactory = Awaited<ReturnType<typeof loadSharp>>;

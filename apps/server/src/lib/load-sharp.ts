/**
 * sharp (libvips, about 7 MB of resident memory) loads with the first image a process makes, not with the server:
 * most processes serve pages for a long time before a photo or an app icon. Node keeps the module once loaded.
 */
export async function loadSharp() {
  return (await import('sharp')).default;
}

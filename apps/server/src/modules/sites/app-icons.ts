import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type AppIconName, appIcons, appThemeColor } from '@app/shared/sites/installed-app';
import { loadSharp, type SharpFactory } from '../../lib/load-sharp.ts';

/** The site's icon, the one the pages link as their SVG favicon. */
const siteIconSource = join(import.meta.dirname, '../../../../web/public/icon.svg');

/** The part of a maskable icon's side that the heart's square takes: the rest may be cut off by a mask. */
const maskableContent = 0.7;

async function renderSvg(sharp: SharpFactory, svg: Buffer, size: number): Promise<Buffer> {
  // sharp draws an SVG at 72 dpi: the density that makes its own width `size` pixels keeps the drawing sharp.
  const { width } = await sharp(svg).metadata();
  const density = (72 * size) / (width ?? size);
  return sharp(svg, { density }).resize(size, size).png().toBuffer();
}

async function renderIcon(svg: Buffer, name: AppIconName): Promise<Buffer> {
  const sharp = await loadSharp();
  const { size } = appIcons[name];
  if (name === 'maskable512') {
    // A launcher may cut the icon to any shape within the middle 80%: the brand colour fills the whole square.
    const inner = Math.round(size * maskableContent);
    return sharp({ create: { width: size, height: size, channels: 4, background: appThemeColor } })
      .composite([{ input: await renderSvg(sharp, svg, inner), gravity: 'centre' }])
      .png()
      .toBuffer();
  }
  const drawn = await renderSvg(sharp, svg, size);
  // iOS shows transparent corners black and rounds the icon itself.
  return name === 'appleTouch' ? sharp(drawn).flatten({ background: appThemeColor }).png().toBuffer() : drawn;
}

/** The installed app's PNG icons, drawn from the site's SVG icon on first use and kept for the process's life. */
export function createAppIcons(source = siteIconSource) {
  const rendered = new Map<AppIconName, Promise<Buffer>>();
  let svg: Promise<Buffer> | null = null;
  return {
    findIcon(name: AppIconName): Promise<Buffer> {
      let icon = rendered.get(name);
      if (!icon) {
        svg ??= readFile(source);
        icon = svg.then((file) => renderIcon(file, name));
        // A failure is not kept: the next request tries again.
        icon.catch(() => {
          rendered.delete(name);
          svg = null;
        });
        rendered.set(name, icon);
      }
      return icon;
    },
  };
}
export type AppIcons = ReturnType<typeof createAppIcons>;

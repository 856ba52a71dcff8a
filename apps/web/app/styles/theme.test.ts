import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appBackgroundColor, appThemeColor } from '@app/shared/sites/installed-app';
import { describe, expect, it } from 'vitest';

const theme = readFileSync(join(import.meta.dirname, 'theme.scss'), 'utf8');

function themeVariable(name: string): string | undefined {
  return new RegExp(`^\\$${name}:\\s*(#[0-9a-f]{6});`, 'im').exec(theme)?.[1]?.toLowerCase();
}

describe("the installed app's colours", () => {
  it("are the theme's brand colour and page background (manifest, theme-color, icons)", () => {
    expect(themeVariable('brand-primary')).toBe(appThemeColor);
    expect(themeVariable('body-bg')).toBe(appBackgroundColor);
  });
});

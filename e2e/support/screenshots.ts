import { expect, type Page } from '@playwright/test';

/** The page at 375 and 1280 px wide, whole, for a person to look at, never scrolling sideways; then back to its width. */
export async function takeScreenshots(page: Page, name: string) {
  const phone = page.viewportSize()!;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(phone);
}

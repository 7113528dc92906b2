/**
 * Issue 24, item 6: the focus ring meets WCAG 2.2 focus appearance. Tabbing through the dashboard, each stop shows a
 * solid ring at least 2 px wide whose colour, or the band of page colour around the control, has 3:1 against what is
 * behind it: on the page (the ring) and on the brand-coloured header (the band), in light and dark mode.
 * The theme's values are unit-tested in src/theme/create-app-theme.test.ts; this looks at what the browser draws.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './account-support';

interface Ring {
  stop: string;
  outlineStyle: string;
  outlineWidth: number;
  outlineColor: string;
  band: string | undefined;
  behind: string;
}

/** WCAG relative luminance contrast of two CSS rgb()/rgba() colours (alpha ignored: the ring and band are opaque). */
function contrast(first: string, second: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
      const channel = Number(part) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

/** The focused element's ring and the colour behind it (the nearest ancestor with a background). */
async function focusedRing(page: Page): Promise<Ring | undefined> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return undefined;
    // A text input shows its focus on its box (the header's search), up to three levels out.
    let ringed: HTMLElement = element;
    for (let level = 0, box = element; element.tagName === 'INPUT' && level < 3 && box.parentElement; level += 1) {
      box = box.parentElement;
      if (getComputedStyle(box).outlineStyle !== 'none') {
        ringed = box;
        break;
      }
    }
    const style = getComputedStyle(ringed);
    let behind = 'rgb(255, 255, 255)';
    for (let parent = ringed.parentElement; parent; parent = parent.parentElement) {
      const color = getComputedStyle(parent).backgroundColor;
      if (color !== 'transparent' && !/rgba\(.*, 0\)$/.test(color)) {
        behind = color;
        break;
      }
    }
    return {
      stop: element.getAttribute('data-testid') ?? `${element.tagName.toLowerCase()} ${element.textContent?.trim().slice(0, 30)}`,
      outlineStyle: style.outlineStyle,
      outlineWidth: parseFloat(style.outlineWidth),
      outlineColor: style.outlineColor,
      // The band of page colour between control and ring: `rgb(…) 0px 0px 0px 2px`.
      band: /^(rgba?\([^)]*\)) 0px 0px 0px 2px/.exec(style.boxShadow)?.[1],
      behind,
    };
  });
}

for (const mode of ['light', 'dark'] as const) {
  test(`every focus stop of the dashboard shows a 2 px ring with 3:1 contrast (${mode})`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, 'company.admin');
    await page.addInitScript((theme) => localStorage.setItem('themeMode', theme), mode);
    await page.goto('/v/#/');
    await expect(page.getByTestId('dashboard-card-recent-activity-item').first()).toBeVisible({ timeout: 20_000 });

    const rings: Ring[] = [];
    for (let index = 0; index < 60; index += 1) {
      await page.keyboard.press('Tab');
      // MUI marks keyboard focus (Mui-focusVisible) in its next render: read the ring once that is drawn.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const ring = await focusedRing(page);
      if (!ring || (index > 0 && ring.stop === 'shell-logo')) break;
      rings.push(ring);
    }
    // The header's buttons, the cards' links and buttons, the footer: more than the header alone.
    expect(rings.map((ring) => ring.stop)).toEqual(expect.arrayContaining(['profile-menu-button', 'dashboard-terms-open', 'imprint-link']));
    const weak = rings
      .filter(
        (ring) =>
          ring.outlineStyle !== 'solid' ||
          ring.outlineWidth < 2 ||
          (contrast(ring.outlineColor, ring.behind) < 3 && !(ring.band && contrast(ring.band, ring.behind) >= 3)),
      )
      .map((ring) => `${ring.stop}: ${ring.outlineStyle} ${ring.outlineWidth}px ${ring.outlineColor}, band ${ring.band ?? 'none'}, on ${ring.behind}`);
    expect(weak).toEqual([]);
    // On the page itself the ring's own colour carries the 3:1 (not only the band).
    const card = rings.find((ring) => ring.stop === 'dashboard-terms-open');
    expect(contrast(card!.outlineColor, card!.behind)).toBeGreaterThanOrEqual(3);
  });
}

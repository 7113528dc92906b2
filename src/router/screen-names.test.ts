import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { appRoutes } from './routes';
import { screenNameKey } from './screen-names';

const textOf = (key: string): unknown => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);

describe('screen names for refusals', () => {
  // A refused route is one with requirements: the dashboard names it, never its address.
  it.each(appRoutes.filter((route) => route.requires).map((route) => route.path))('%s has a name in words', (pattern) => {
    const key = screenNameKey(pattern);
    expect(key, `no name for ${pattern}: add it to src/router/screen-names.ts`).toBeDefined();
    const text = textOf(key!);
    expect(typeof text).toBe('string');
    expect(text as string).not.toMatch(/\{\{|\//);
  });

  it('names the price editor as a screen, not as /pricelists/4/edit-prices', () => {
    expect(textOf(screenNameKey('/pricelists/:marketplaceId/edit-prices')!)).toBe('Edit prices');
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INSTANCES } from '../branding';
import {
  CONSENT_MANAGER_POLL_MS,
  CONSENT_MANAGER_TIMEOUT_MS,
  injectScripts,
  scriptsToLoad,
  thirdPartyScriptsAllowed,
  waitFor,
  type ThirdPartyScript,
} from './third-party-scripts';

const scripts: ThirdPartyScript[] = [
  { kind: 'consent', src: 'https://consent.example/loader.js' },
  { kind: 'analytics', src: 'https://analytics.example/a.js', consentServiceId: 'web-analytics' },
  { kind: 'tracking', src: 'https://tracking.example/t.js', consentServiceId: 'tracking' },
  { kind: 'supportAssistant', src: 'https://assist.example/s.js' },
];

afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = '';
});

describe('third-party scripts (spec §9)', () => {
  it('never load on ci, ite, xx and dev, and may on every other instance', () => {
    expect(INSTANCES.filter((instance) => !thirdPartyScriptsAllowed(instance)).sort()).toEqual(['ci', 'dev', 'ite', 'xx']);
    for (const instance of ['ci', 'ite', 'xx', 'dev'] as const) {
      expect(scriptsToLoad(scripts, { instance, impersonating: false, accepted: new Set(['web-analytics', 'tracking']) })).toEqual([]);
    }
  });

  it('load analytics and tracking only after their consent, and no support assistant while impersonating', () => {
    const kinds = (impersonating: boolean, accepted: string[]) =>
      scriptsToLoad(scripts, { instance: 'de', impersonating, accepted: new Set(accepted) }).map((script) => script.kind);
    expect(kinds(false, [])).toEqual(['consent', 'supportAssistant']);
    expect(kinds(false, ['web-analytics'])).toEqual(['consent', 'analytics', 'supportAssistant']);
    expect(kinds(true, ['web-analytics', 'tracking'])).toEqual(['consent', 'analytics', 'tracking']);
  });

  it('inject each script once, async', () => {
    injectScripts(scripts.slice(0, 2));
    injectScripts(scripts.slice(0, 2));
    const injected = [...document.head.querySelectorAll('script')];
    expect(injected.map((script) => [script.src, script.async, script.dataset.thirdParty])).toEqual([
      ['https://consent.example/loader.js', true, 'consent'],
      ['https://analytics.example/a.js', true, 'analytics'],
    ]);
  });

  it('wait for the consent manager every 200 ms for up to 180 s', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const page: { api?: string } = {};
    const found = waitFor(() => {
      calls++;
      return page.api;
    });
    await vi.advanceTimersByTimeAsync(CONSENT_MANAGER_POLL_MS * 5);
    expect(calls).toBe(6);
    page.api = 'ready';
    await vi.advanceTimersByTimeAsync(CONSENT_MANAGER_POLL_MS);
    await expect(found).resolves.toBe('ready');

    const never = waitFor(() => undefined);
    await vi.advanceTimersByTimeAsync(CONSENT_MANAGER_TIMEOUT_MS - CONSENT_MANAGER_POLL_MS);
    let settled = false;
    void never.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(CONSENT_MANAGER_POLL_MS);
    await expect(never).resolves.toBeUndefined();
  });
});

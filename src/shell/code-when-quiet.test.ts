/**
 * The grid's code is fetched when the app is quiet (code-when-quiet.ts): not while the first screen's queries
 * are under way, nor within a second of one (the user may be opening the next screen), then once when the
 * browser is idle; never with Save-Data.
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { whenQuiet } from './code-when-quiet';

/** A browser whose timers and idle moments the test hands out. */
function fakeView(saveData = false) {
  let next = 1;
  const timers = new Map<number, { run: () => void; ms: number }>();
  const idle = new Map<number, () => void>();
  const runAll = (waiting: Map<number, () => void>) => [...waiting].forEach(([id, run]) => waiting.delete(id) && run());
  return {
    /** The delays of the timers set and not yet run. */
    delays: () => [...timers.values()].map((timer) => timer.ms),
    idleCount: () => idle.size,
    runTimers: () => runAll(new Map([...timers].map(([id, timer]) => [id, () => timers.delete(id) && timer.run()]))),
    runIdle: () => runAll(idle),
    /** The queries' answers land, the quiet second passes, the browser is idle. */
    async passQuietMoment() {
      await settle();
      this.runTimers();
      this.runIdle();
    },
    view: {
      navigator: { connection: { saveData } },
      requestIdleCallback: (run: () => void) => (idle.set(next, run), next++),
      cancelIdleCallback: (id: number) => idle.delete(id),
      setTimeout: (run: () => void, ms: number) => (timers.set(next, { run, ms }), next++),
      clearTimeout: (id: number) => timers.delete(id),
    } as unknown as Parameters<typeof whenQuiet>[2],
  };
}

function pendingQuery(client: QueryClient, key: string) {
  let finish!: () => void;
  void client.fetchQuery({ queryKey: [key], queryFn: () => new Promise<string>((resolve) => (finish = () => resolve(key))) });
  return () => finish();
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('whenQuiet', () => {
  it('waits for the queries under way, a quiet second, then an idle moment, and starts once', async () => {
    const client = new QueryClient();
    const browser = fakeView();
    let started = 0;
    const finish = pendingQuery(client, 'dashboard');
    whenQuiet(client, () => started++, browser.view);
    expect(browser.delays()).toEqual([]);
    finish();
    await settle();
    expect(browser.delays()).toEqual([1000]);
    expect(browser.idleCount()).toBe(0);
    browser.runTimers();
    expect(started).toBe(0);
    expect(browser.idleCount()).toBe(1);
    browser.runIdle();
    expect(started).toBe(1);
    pendingQuery(client, 'other')();
    await browser.passQuietMoment();
    expect(started).toBe(1);
  });

  it('a query begun within the quiet second, or before the idle moment, starts the wait again', async () => {
    const client = new QueryClient();
    const browser = fakeView();
    let started = 0;
    whenQuiet(client, () => started++, browser.view);
    expect(browser.delays()).toEqual([1000]);
    const account = pendingQuery(client, 'account');
    expect(browser.delays()).toEqual([]);
    account();
    await settle();
    browser.runTimers();
    const tabs = pendingQuery(client, 'tabs');
    browser.runIdle();
    expect(started).toBe(0);
    tabs();
    await browser.passQuietMoment();
    expect(started).toBe(1);
  });

  it('starts nothing with Save-Data on, or once cancelled', async () => {
    const client = new QueryClient();
    const saving = fakeView(true);
    let started = 0;
    whenQuiet(client, () => started++, saving.view);
    expect(saving.delays()).toEqual([]);
    const browser = fakeView();
    const cancel = whenQuiet(client, () => started++, browser.view);
    cancel();
    browser.runTimers();
    browser.runIdle();
    pendingQuery(client, 'later')();
    await browser.passQuietMoment();
    expect(started).toBe(0);
  });
});

// @vitest-environment jsdom
/**
 * <DefinedScreen> on screen-definitions/screens/status.json, the public status page, with the
 * answers of GET /status.json in memory: the definition alone draws the centred card with the
 * whole portal's state, each part with its coloured state, the maintenance window and when the
 * server looked; it reads the address again every 30 s, and says "down" when nothing answers.
 * A named method still goes to the host's caller; a public address never does.
 */
import { ThemeProvider } from '@mui/material/styles';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import definition from '../../screen-definitions/screens/status.json';
import type { ScreenDefinition } from '../../engine/grids';
import { initFormTexts, testTheme } from '../forms/test-support';
import { DefinedScreen } from './DefinedScreen';
import { readPublicAddress, withPublicAddresses } from './public-address';

beforeAll(initFormTexts);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const report = (database: string) => ({
  status: database === 'up' ? 'up' : 'degraded',
  components: [
    { id: 'api', status: 'up' },
    { id: 'database', status: database },
  ],
  maintenance: { mode: 'soon' },
  checkedAt: '2026-11-29T10:15:00.000Z',
});

/** fetch answering /status.json from a list (a thrown error: no answer at all). */
function serve(answers: (object | Error)[]) {
  const seen: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      seen.push(`${path} ${init.cache}`);
      const next = answers.length > 1 ? answers.shift()! : answers[0];
      if (next instanceof Error) throw next;
      return new Response(JSON.stringify(next), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return seen;
}

function draw() {
  const hostCalls: string[] = [];
  render(
    <ThemeProvider theme={testTheme}>
      <MemoryRouter>
        <DefinedScreen
          definition={definition as unknown as ScreenDefinition}
          capabilities={[]}
          userId=""
          callService={async (service, method) => {
            hostCalls.push(`${service}/${method}`);
            return {};
          }}
          onError={() => undefined}
        />
      </MemoryRouter>
    </ThemeProvider>,
  );
  return hostCalls;
}

describe('<DefinedScreen> on the status page', () => {
  it('draws the card with the whole state, each part, the maintenance and the time the server looked', async () => {
    const seen = serve([report('up')]);
    const hostCalls = draw();
    const overall = await screen.findByTestId('status-overall');
    expect(overall.getAttribute('data-status')).toBe('up');
    expect(overall.textContent).toBe('All systems are working.');
    const card = screen.getByTestId('status-page');
    expect(within(card).getByRole('heading', { level: 1, name: 'Service status' })).toBeTruthy();
    const database = screen.getByTestId('status-database');
    expect(database.getAttribute('data-status')).toBe('up');
    expect(database.textContent).toContain('Database');
    expect(database.textContent).toContain('Working');
    expect(screen.getByRole('list', { name: 'Parts of the portal' })).toBeTruthy();
    expect(screen.getByTestId('status-maintenance-soon').textContent).toBe('Maintenance begins shortly.');
    expect(screen.queryByTestId('status-maintenance')).toBeNull();
    expect(screen.getByTestId('status-checked-at').textContent).toMatch(/2026/);
    expect(seen).toEqual(['/status.json no-store']);
    expect(hostCalls).toEqual([]);
  });

  it('reads the address again every 30 seconds and says down when nothing answers', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const seen = serve([report('up'), report('down'), new TypeError('Failed to fetch')]);
    draw();
    const overall = await screen.findByTestId('status-overall');
    expect(overall.getAttribute('data-status')).toBe('up');
    act(() => void vi.advanceTimersByTime(30_000));
    await waitFor(() => expect(screen.getByTestId('status-database').getAttribute('data-status')).toBe('down'));
    expect(screen.getByTestId('status-overall').getAttribute('data-status')).toBe('degraded');
    expect(screen.getByTestId('status-database').textContent).toContain('Down');
    act(() => void vi.advanceTimersByTime(30_000));
    await waitFor(() => expect(screen.getByTestId('status-overall').getAttribute('data-status')).toBe('down'));
    expect(screen.getByTestId('status-overall').textContent).toBe('The portal does not answer. Please try again in a few minutes.');
    expect(screen.queryByTestId('status-database')).toBeNull();
    expect(seen).toHaveLength(3);
  });

  it('refuses anything but a path of this origin, and passes methods to the host', async () => {
    const seen = serve([{}]);
    await expect(readPublicAddress('https://evil.example/status.json')).rejects.toThrow('is not a public address');
    await expect(readPublicAddress('//evil.example/status.json')).rejects.toThrow('is not a public address');
    expect(seen).toEqual([]);
    const host = vi.fn(async () => 'from the host');
    await expect(withPublicAddresses(host)('Account', 'GetDashboard', { a: 1 })).resolves.toBe('from the host');
    expect(host).toHaveBeenCalledWith('Account', 'GetDashboard', { a: 1 }, undefined);
  });
});

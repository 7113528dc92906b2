// @vitest-environment jsdom
/**
 * A lazily loaded component fetched ahead draws in the same render, without its boundary's fallback (React.lazy
 * alone shows the fallback first and holds the content back for React's 300 ms reveal throttle); not fetched
 * ahead, it suspends as React.lazy does; a failed fetch is asked again.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyComponent } from './lazy-component';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;
const loadGreeting = () => Promise.resolve({ default: Greeting });

function drawn(Component: React.ComponentType<{ name: string }>) {
  return render(
    <Suspense fallback={<p>Loading</p>}>
      <Component name="Ada" />
    </Suspense>,
  );
}

afterEach(cleanup);

describe('lazyComponent', () => {
  it('draws at once, with no fallback, when its code was fetched ahead', async () => {
    const Component = lazyComponent(loadGreeting);
    await Component.preload();
    act(() => void drawn(Component));
    // In the first commit: the fallback never showed.
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('React.lazy on the same fetched code shows the fallback first (what lazyComponent avoids)', async () => {
    const load = loadGreeting();
    await load;
    const Component = lazy(() => load);
    act(() => void drawn(Component));
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
  });

  it('suspends until its code comes when not fetched ahead, and fetches it once', async () => {
    let fetches = 0;
    const Component = lazyComponent(() => (fetches++, loadGreeting()));
    act(() => void drawn(Component));
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
    await Component.preload();
    expect(fetches).toBe(1);
  });

  it('asks again for code whose fetch failed', async () => {
    let fetches = 0;
    const Component = lazyComponent(() => (++fetches === 1 ? Promise.reject(new Error('offline')) : loadGreeting()));
    await expect(Component.preload()).rejects.toThrow('offline');
    await Component.preload();
    expect(fetches).toBe(2);
    act(() => void drawn(Component));
    expect(screen.getByText('Hello Ada')).toBeTruthy();
  });
});

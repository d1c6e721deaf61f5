import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import {
  resetFirstContent,
  useFirstContentShown,
  useHoldFirstContent,
  watchFirstContent,
} from './first-content';

// The browser's clock, frames included, is the test's: no real waiting.
beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
  });
});

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  resetFirstContent();
  vi.useRealTimers();
});

function watch(client: QueryClient) {
  stops.push(watchFirstContent(client));
}

/** Lets `ms` of the page's time pass (frames, tasks, the idle moment), then renders what changed. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('the page first content mark', () => {
  it('is not shown before anything watches (the frame reads wait)', async () => {
    const { result } = renderHook(() => useFirstContentShown());
    await pass(10_000);
    expect(result.current).toBe(false);
  });

  it('is shown once the page has no read under way and the browser has painted', async () => {
    const client = new QueryClient();
    let answer!: (value: number) => void;
    void client.fetchQuery({
      queryKey: ['list'],
      queryFn: () => new Promise<number>((resolve) => (answer = resolve)),
    });
    const { result } = renderHook(() => useFirstContentShown());
    watch(client);
    await pass(1_000);
    expect(result.current).toBe(false);
    act(() => answer(1));
    await pass(1_000);
    expect(result.current).toBe(true);
  });

  it('waits for a page that holds it (cards drawn in the background)', async () => {
    const client = new QueryClient();
    const shown = renderHook(() => useFirstContentShown());
    const hold = renderHook(({ pending }) => useHoldFirstContent(pending), {
      initialProps: { pending: true },
    });
    watch(client);
    await pass(1_000);
    expect(shown.result.current).toBe(false);
    hold.rerender({ pending: false });
    await pass(1_000);
    expect(shown.result.current).toBe(true);
  });

  it('is shown after four seconds even if the page never settles', async () => {
    const client = new QueryClient();
    void client.fetchQuery({ queryKey: ['slow'], queryFn: () => new Promise<never>(() => undefined) });
    const { result } = renderHook(() => useFirstContentShown());
    watch(client);
    await pass(3_900);
    expect(result.current).toBe(false);
    await pass(200);
    expect(result.current).toBe(true);
  });
});

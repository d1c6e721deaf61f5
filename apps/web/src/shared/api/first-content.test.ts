import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import {
  resetFirstContent,
  useFirstContentShown,
  useHoldFirstContent,
  watchFirstContent,
} from './first-content';

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  resetFirstContent();
});

function watch(client: QueryClient) {
  stops.push(watchFirstContent(client));
}

const never = () => new Promise<never>(() => undefined);

describe('the page first content mark', () => {
  it('is not shown before anything watches (the frame reads wait)', () => {
    const { result } = renderHook(() => useFirstContentShown());
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
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current).toBe(false);
    act(() => answer(1));
    await waitFor(() => expect(result.current).toBe(true));
  });

  it('waits for a page that holds it (cards drawn in the background)', async () => {
    const client = new QueryClient();
    const shown = renderHook(() => useFirstContentShown());
    const hold = renderHook(({ pending }) => useHoldFirstContent(pending), {
      initialProps: { pending: true },
    });
    watch(client);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(shown.result.current).toBe(false);
    hold.rerender({ pending: false });
    await waitFor(() => expect(shown.result.current).toBe(true));
  });

  it('is shown after a while even if the page never settles', async () => {
    const client = new QueryClient();
    void client.fetchQuery({ queryKey: ['slow'], queryFn: never });
    const { result } = renderHook(() => useFirstContentShown());
    watch(client);
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true), { timeout: 6_000 });
  });
});

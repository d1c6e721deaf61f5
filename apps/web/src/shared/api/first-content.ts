/**
 * "The page's first content is on screen": the frame's own reads (the stage's deadline, the
 * to-do and chat counters) wait for it. On a phone's slow line the page's code and reads then
 * have the line to themselves, and the counters follow a moment later (ADR 0031). The live event
 * stream is not held back: an update sent before it opens would be missed.
 *
 * The frame marks it once the page's code has arrived, none of its reads is under way, no page
 * holds it (a page that draws its answer in the background, like the item list, holds it until
 * drawn), the browser has painted and is idle; or after FALLBACK_MS, whatever happens.
 */
import { startTransition, useEffect, useLayoutEffect, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';

const FALLBACK_MS = 4_000;

let shown = false;
let holds = 0;
const listeners = new Set<() => void>();

function markShown(): void {
  if (shown) return;
  shown = true;
  // (A mark in the page's timeline, for the benchmarks.)
  performance.mark?.('first-content');
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * True once the page's first content has been painted (and for the rest of the visit). The change
 * renders as a transition, in slices: the frame's parts that read it (its navigation among them)
 * would otherwise render again in one long task just as the page has become usable.
 */
export function useFirstContentShown(): boolean {
  const [value, setValue] = useState(shown);
  useEffect(() => {
    const show = () => startTransition(() => setValue(true));
    // (Marked between this render and this effect.)
    if (shown) show();
    return subscribe(show);
  }, []);
  return value;
}

/** A page drawing its first content in the background holds the mark while `pending`. */
export function useHoldFirstContent(pending: boolean): void {
  useLayoutEffect(() => {
    if (!pending || shown) return;
    holds += 1;
    return () => {
      holds -= 1;
      check?.();
    };
  }, [pending]);
}

let check: (() => void) | null = null;

/** Once the browser has nothing else to do (its photos decoded and painted), or soon after. */
function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 1_000 });
  else setTimeout(run, 200);
}

/**
 * Watches for the mark from the moment the page's code has mounted. Returns the clean-up.
 * Checks after the next paint (a frame, then a task), so that what a read's answer renders is on
 * screen first and a hold registered by that render counts.
 */
export function watchFirstContent(queryClient: QueryClient): () => void {
  if (shown) return () => undefined;
  let frame = 0;
  let task: ReturnType<typeof setTimeout> | undefined;
  const settled = () => holds === 0 && queryClient.isFetching() === 0;
  const schedule = () => {
    if (frame || task) return;
    frame = requestAnimationFrame(() => {
      task = setTimeout(() => {
        frame = 0;
        task = undefined;
        if (settled()) whenIdle(() => settled() && markShown());
      }, 0);
    });
  };
  check = schedule;
  const unsubscribe = queryClient.getQueryCache().subscribe(schedule);
  const fallback = setTimeout(markShown, FALLBACK_MS);
  const stopListening = subscribe(() => stop());
  schedule();
  function stop() {
    unsubscribe();
    stopListening();
    clearTimeout(fallback);
    cancelAnimationFrame(frame);
    clearTimeout(task);
    if (check === schedule) check = null;
  }
  return stop;
}

/** For tests: a new visit. */
export function resetFirstContent(): void {
  shown = false;
  holds = 0;
}

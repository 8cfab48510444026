"use client";

import * as React from "react";

/**
 * The landing page's live figures (the subscriber count, GET /api/stats): each URL is
 * fetched once per page view and shared by every component that shows it, and
 * `refreshLiveData(url)` fetches it again (the newsletter form after a signup). No retries,
 * no refetch on focus or reconnect (docs/product-rules.md §7). A few lines instead of a
 * data-fetching library keep the landing's JavaScript near the framework floor
 * (docs/performance.md).
 */
export type LiveData<T> = { data?: T; error?: unknown };

type Entry = { state: LiveData<unknown>; loading: boolean; listeners: Set<() => void>; fetcher: (url: string) => Promise<unknown> };

const entries = new Map<string, Entry>();
const SERVER_STATE: LiveData<never> = {};

function load(url: string, entry: Entry): void {
  if (entry.loading) return;
  entry.loading = true;
  entry.fetcher(url).then(
    (data) => {
      entry.state = { data };
    },
    (error: unknown) => {
      // A failed refresh keeps the figure already shown.
      entry.state = { data: entry.state.data, error };
    },
  ).finally(() => {
    entry.loading = false;
    for (const listener of entry.listeners) listener();
  });
}

/**
 * The entry for `url`, created on first use. Until its answer arrives its state is the very
 * object the server rendered with, so subscribing right after hydration changes nothing and
 * costs no synchronous re-render; and the request starts in a task of its own, not inside
 * React's hydration effects, where it made a 110 ms task on / at 4x CPU (docs/performance.md).
 */
function entryFor(url: string, fetcher: (url: string) => Promise<unknown>): Entry {
  const known = entries.get(url);
  if (known) return known;
  const entry: Entry = { state: SERVER_STATE, loading: false, listeners: new Set(), fetcher };
  entries.set(url, entry);
  setTimeout(() => load(url, entry), 0);
  return entry;
}

/** The latest answer for `url` (fetched on first use), re-rendering when it changes. */
export function useLiveData<T>(url: string, fetcher: (url: string) => Promise<T>): LiveData<T> {
  const subscribe = React.useCallback(
    (listener: () => void) => {
      const entry = entryFor(url, fetcher);
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    [url, fetcher],
  );
  const snapshot = React.useCallback(() => entries.get(url)?.state ?? SERVER_STATE, [url]);
  return React.useSyncExternalStore(subscribe, snapshot, () => SERVER_STATE) as LiveData<T>;
}

/** Fetches `url` again for every component showing it (nothing happens if none has asked for it yet). */
export function refreshLiveData(url: string): void {
  const entry = entries.get(url);
  if (entry) load(url, entry);
}

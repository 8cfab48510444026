import type { Database } from "./connect";

/**
 * The change feed (docs/performance.md, "Signed-in answers from memory"): the database
 * notifies every committed write to a table a signed-in page or call may read (triggers of
 * migration 20261126170000_change_feed, channel `tariffwatch_changes`), and this process
 * counts them. `generation` moves on every notification and whenever the feed is lost or
 * comes back; `live` says whether notifications are being received right now.
 *
 * Whatever is kept in memory on the strength of the data (lib/http/answer-cache.ts) is
 * tagged with the generation it was read under and is good only while the feed is live and
 * the generation has not moved. A lost connection makes nothing stale: it stops keeping
 * anything until the feed is back.
 *
 * The state sits on globalThis: the request guard (proxy.ts) and the pages and handlers are
 * bundled apart but run in one process and read the same object.
 */
export const CHANGE_CHANNEL = "tariffwatch_changes";
const RETRY_MS = 2_000;

export type ChangeFeedState = { live: boolean; generation: number; started: boolean };

const holder = globalThis as typeof globalThis & { __tariffwatchChangeFeed?: ChangeFeedState };

export function changeFeed(): ChangeFeedState {
  holder.__tariffwatchChangeFeed ??= { live: false, generation: 0, started: false };
  return holder.__tariffwatchChangeFeed;
}

/**
 * Starts listening on `database` (once per process; later calls do nothing). Until the
 * listener is in place the feed is not live. A lost connection (a PostgreSQL server
 * restarting) makes it not live and tries again every 2 s. Returns a function that stops
 * listening for good (before the database is closed).
 */
export function startChangeFeed(database: Pick<Database, "listen">, log: (message: string) => void = (m) => console.warn(m)): () => Promise<void> {
  const state = changeFeed();
  if (state.started) return async () => undefined;
  state.started = true;
  let stopped = false;
  let stopListening: (() => Promise<void>) | null = null;
  let retry: NodeJS.Timeout | null = null;
  const again = () => {
    if (!stopped) retry = setTimeout(connect, RETRY_MS).unref();
  };
  const connect = () => {
    database
      .listen(
        CHANGE_CHANNEL,
        () => {
          state.generation += 1;
        },
        () => {
          state.live = false;
          state.generation += 1;
          stopListening = null;
          if (stopped) return;
          log("[change-feed] the listening connection was lost: signed-in answers are read fresh until it is back");
          again();
        },
      )
      .then(async (stop) => {
        if (stopped) return stop();
        stopListening = stop;
        state.generation += 1;
        state.live = true;
      })
      .catch((error: unknown) => {
        state.live = false;
        if (stopped) return;
        log(`[change-feed] could not listen (${error instanceof Error ? error.message : String(error)}); trying again in ${RETRY_MS / 1000} s`);
        again();
      });
  };
  connect();
  return async () => {
    stopped = true;
    state.live = false;
    state.started = false;
    state.generation += 1;
    if (retry) clearTimeout(retry);
    await stopListening?.();
  };
}

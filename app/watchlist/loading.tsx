/** Shown while the watchlist and its projections load. */
export default function WatchlistLoading() {
  return (
    <main id="main" className="min-h-screen bg-gradient-to-b from-blue-50 to-white">
      <div className="mx-auto grid max-w-5xl gap-4 px-4 py-12 sm:px-6" role="status" aria-live="polite">
        <span className="sr-only">Loading your watchlist…</span>
        <div aria-hidden className="h-9 w-56 animate-pulse rounded-md bg-slate-200" />
        <div aria-hidden className="h-24 animate-pulse rounded-lg bg-slate-100" />
        <div aria-hidden className="h-24 animate-pulse rounded-lg bg-slate-100" />
        <div aria-hidden className="h-24 animate-pulse rounded-lg bg-slate-100" />
      </div>
    </main>
  );
}

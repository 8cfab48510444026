/** While the alerts load: the same layout, greyed. */
export default function MyAlertsLoading() {
  return (
    <main id="main" className="mx-auto grid max-w-4xl gap-6 px-4 py-8 sm:px-6 sm:py-10" aria-busy="true">
      <p role="status" className="sr-only">
        Loading your alerts…
      </p>
      <div className="h-9 w-48 animate-pulse rounded bg-slate-200" />
      {[0, 1, 2].map((i) => (
        <div key={i} className="grid gap-3 rounded-lg border bg-white p-4">
          <div className="h-4 w-40 animate-pulse rounded bg-slate-200" />
          <div className="h-5 w-full animate-pulse rounded bg-slate-100" />
          <div className="h-4 w-2/3 animate-pulse rounded bg-slate-100" />
        </div>
      ))}
    </main>
  );
}

import { Badge } from "@/components/ui/badge";

/**
 * Diagnostics for the two admin-only checkouts: the log panel with its status indicator
 * (/checkout-debug) and the state dump (/checkout-test). Neither ever shows a secret: the
 * client secret and keys stay out of both.
 */

export type LogArea = "setup" | "payment";
export type LogEntry = { id: number; at: number; area: LogArea; message: string };
export type DebugStatus = "idle" | "processing" | "succeeded" | "failed" | "unknown" | "error";

const statusVariant: Record<DebugStatus, "secondary" | "default" | "success" | "destructive" | "warning"> = {
  idle: "secondary",
  processing: "default",
  succeeded: "success",
  failed: "destructive",
  unknown: "warning",
  error: "destructive",
};

function time(at: number): string {
  return new Date(at).toISOString().slice(11, 23);
}

function LogList({ title, entries }: { title: string; entries: LogEntry[] }) {
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold text-slate-800">{title}</h3>
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing yet.</p>
      ) : (
        <ol className="grid gap-1 rounded-md bg-slate-950 p-3 font-mono text-xs text-slate-100">
          {entries.map((entry) => (
            <li key={entry.id}>
              <span className="text-slate-300">{time(entry.at)}</span> {entry.message}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export function DebugLogPanel({ status, entries }: { status: DebugStatus; entries: LogEntry[] }) {
  return (
    <section aria-labelledby="debug-log-heading" className="grid gap-4 rounded-lg border border-dashed p-4" data-testid="debug-log">
      <div className="flex items-center justify-between gap-2">
        <h2 id="debug-log-heading" className="font-semibold text-brand-navy">
          Debug log
        </h2>
        <p className="text-sm" role="status">
          Status:{" "}
          <Badge variant={statusVariant[status]} data-testid="debug-status">
            {status}
          </Badge>
        </p>
      </div>
      <LogList title="Setup log" entries={entries.filter((e) => e.area === "setup")} />
      <LogList title="Payment log" entries={entries.filter((e) => e.area === "payment")} />
    </section>
  );
}

export function DebugDump({ state }: { state: Record<string, string | number | null> }) {
  return (
    <section aria-labelledby="debug-dump-heading" className="grid gap-2 rounded-lg border border-dashed p-4">
      <h2 id="debug-dump-heading" className="font-semibold text-brand-navy">
        Debug information
      </h2>
      <pre className="overflow-x-auto rounded-md bg-slate-950 p-3 text-xs text-slate-100" data-testid="debug-dump" tabIndex={0}>
        {JSON.stringify(state, null, 2)}
      </pre>
    </section>
  );
}

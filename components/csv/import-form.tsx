"use client";

import * as React from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Loader2, Lock, Upload } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { inputClassName } from "@/components/ui/input";
import { useHydrated } from "@/components/ui/use-hydrated";
import { ApiError, postText } from "@/lib/http/client";
import type { ImportReport } from "@/lib/watchlist/import";

/**
 * The watchlist's CSV import (docs/api.md "CSV import"): pick a file, send it, and read a
 * line for every row: added, already there, or refused with the reason. Below Professional
 * it is an upgrade prompt naming the plan that has it.
 */
export function CsvImportForm({ maxBytes, upgrade }: { maxBytes: number; upgrade: { planName: string; href: string } | null }) {
  const router = useRouter();
  const hydrated = useHydrated();
  const [pending, setPending] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const [report, setReport] = React.useState<ImportReport | null>(null);
  const fileRef = React.useRef<HTMLInputElement>(null);
  const summaryRef = React.useRef<HTMLHeadingElement>(null);

  React.useEffect(() => {
    if (report) summaryRef.current?.focus();
  }, [report]);

  if (upgrade) {
    return (
      <div className="grid gap-2" data-testid="csv-import-upgrade">
        <p className="text-sm text-slate-700" id="csv-import-upgrade-note">
          Importing many items at once from a spreadsheet is part of the {upgrade.planName}.
        </p>
        <Button asChild variant="outline" size="sm" className="justify-self-start">
          <Link href={upgrade.href} aria-describedby="csv-import-upgrade-note">
            <Lock aria-hidden />
            Import CSV
          </Link>
        </Button>
      </div>
    );
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = fileRef.current?.files?.[0];
    setReport(null);
    if (!file) {
      setError("Choose a CSV file first.");
      fileRef.current?.focus();
      return;
    }
    if (file.size > maxBytes) {
      setError(`The file is too large: at most ${Math.round(maxBytes / 1024)} kB. Split it into smaller files.`);
      return;
    }
    setError(null);
    setPending(true);
    try {
      const answer = await postText<ImportReport>("/api/watchlist/import", await file.text(), "text/csv");
      setReport(answer);
      if (answer.added > 0) router.refresh();
    } catch (e) {
      setError(e instanceof ApiError && e.message ? e.message : "The import did not reach us. Please try again.");
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="grid gap-4">
      <form onSubmit={onSubmit} className="grid gap-3" noValidate data-testid="csv-import-form">
        <div className="grid gap-1.5">
          <Label htmlFor="csv-import-file">CSV file</Label>
          <input
            id="csv-import-file"
            ref={fileRef}
            type="file"
            accept=".csv,text/csv"
            className={inputClassName("h-auto py-1.5")}
            aria-describedby="csv-import-hint"
            aria-invalid={error ? true : undefined}
            onChange={() => setError(null)}
          />
          <p id="csv-import-hint" className="text-xs text-slate-700">
            One watch per row. Columns: kind, category_id (or the category&apos;s name), hts_code, name, price, made_in, per_year,
            threshold_pct, horizon_days. An export of your watchlist imports as it is.{" "}
            <a href="/watchlist-import-template.csv" download className="font-medium text-primary underline underline-offset-2">
              Download a template
            </a>
            .
          </p>
        </div>
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-800" data-testid="csv-import-error">
            {error}
          </p>
        ) : null}
        <Button type="submit" size="sm" className="justify-self-start" disabled={!hydrated || pending}>
          {pending ? <Loader2 aria-hidden className="animate-spin" /> : <Upload aria-hidden />}
          {pending ? "Importing..." : "Import CSV"}
        </Button>
      </form>
      {report ? <ImportResult report={report} headingRef={summaryRef} /> : null}
    </div>
  );
}

const STATUS_TEXT = { added: "Added", unchanged: "Already there", refused: "Refused" } as const;

function ImportResult({ report, headingRef }: { report: ImportReport; headingRef: React.RefObject<HTMLHeadingElement | null> }) {
  return (
    <section aria-labelledby="csv-import-result" className="grid gap-2" data-testid="csv-import-report">
      <h3 id="csv-import-result" ref={headingRef} tabIndex={-1} className="text-base font-semibold focus:outline-none">
        Import result: {report.added} added, {report.unchanged} already on your watchlist, {report.refused} refused
      </h3>
      {report.ignoredColumns.length ? (
        <p className="text-xs text-slate-700">Columns not read: {report.ignoredColumns.join(", ")}.</p>
      ) : null}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Each row of the file and what happened to it</caption>
          <thead>
            <tr className="border-b">
              <th scope="col" className="py-1 pr-3 font-semibold">Row</th>
              <th scope="col" className="py-1 pr-3 font-semibold">Item</th>
              <th scope="col" className="py-1 pr-3 font-semibold">Result</th>
              <th scope="col" className="py-1 font-semibold">Why</th>
            </tr>
          </thead>
          <tbody>
            {report.rows.map((r) => (
              <tr key={r.row} className={r.status === "refused" ? "border-b bg-red-50 align-top" : "border-b align-top"} data-status={r.status}>
                <td className="py-1 pr-3 tabular-nums">{r.row}</td>
                <td className="py-1 pr-3 wrap-anywhere">{r.label}</td>
                <td className={r.status === "refused" ? "py-1 pr-3 font-semibold text-red-900" : "py-1 pr-3"}>{STATUS_TEXT[r.status]}</td>
                <td className="py-1 wrap-anywhere">{r.status === "added" ? "" : r.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

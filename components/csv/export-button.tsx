import Link from "next/link";
import { Download, Lock } from "lucide-react";
import { Button } from "@/components/ui/button";

/**
 * "Export CSV" on /watchlist and /alerts/mine (docs/api.md "CSV export"). On a plan with CSV
 * export it downloads the file; below it the same button is an upgrade prompt that says
 * which plan has it and leads there, never a hidden feature or a 403.
 */
export function CsvExportButton({
  href,
  what,
  upgrade,
  testId,
}: {
  href: string;
  /** What the file holds, for the accessible description ("your watchlist"). */
  what: string;
  /** Set when the plan lacks CSV export: the plan that has it and where upgrading starts. */
  upgrade: { planName: string; href: string } | null;
  testId: string;
}) {
  if (!upgrade) {
    return (
      <Button asChild variant="outline" size="sm" data-testid={testId}>
        <a href={href} download title={`Download ${what} as a CSV file`}>
          <Download aria-hidden />
          Export CSV
        </a>
      </Button>
    );
  }
  const noteId = `${testId}-upgrade-note`;
  return (
    <div className="grid gap-1 sm:justify-items-end" data-testid={`${testId}-upgrade`}>
      <Button asChild variant="outline" size="sm">
        <Link href={upgrade.href} aria-describedby={noteId}>
          <Lock aria-hidden />
          Export CSV
        </Link>
      </Button>
      <p id={noteId} className="text-xs text-slate-700">
        CSV export is part of the {upgrade.planName}: upgrade to download {what}.
      </p>
    </div>
  );
}

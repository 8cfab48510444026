import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { CsvExportButton } from "./export-button";
import { CsvImportForm } from "./import-form";

/** The watchlist's spreadsheet card: export every watch, import many at once (docs/api.md "CSV export", "CSV import"). */
export function WatchlistCsvCard({ maxBytes, upgrade }: { maxBytes: number; upgrade: { planName: string; href: string } | null }) {
  return (
    <section aria-labelledby="csv-heading">
      <Card>
        <CardHeader className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start">
          <div className="grid gap-1">
            <h2 id="csv-heading" className="text-lg font-semibold">
              Spreadsheets (CSV)
            </h2>
            <CardDescription>Download your watchlist, or add many items at once from a spreadsheet.</CardDescription>
          </div>
          <CsvExportButton href="/api/watchlist/export" what="your watchlist" upgrade={upgrade} testId="watchlist-export" />
        </CardHeader>
        <CardContent>
          <CsvImportForm maxBytes={maxBytes} upgrade={upgrade} />
        </CardContent>
      </Card>
    </section>
  );
}

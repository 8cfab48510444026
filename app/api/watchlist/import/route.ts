import { ApiError, defineRoute } from "@/lib/http/route";
import { IMPORT_MAX_BYTES, ImportFileError, importWatches } from "@/lib/watchlist/import";

const CSV_TYPES = /^(text\/csv|text\/plain|application\/csv|application\/vnd\.ms-excel)\s*(;|$)/i;

/**
 * POST /api/watchlist/import (body: the CSV file, Content-Type text/csv) -> 200 {rows:
 * [{row, status: added|unchanged|refused, label, reason?, errors?, watchId?}], added,
 * unchanged, refused, ignoredColumns}. Professional and Pro Alerts (csvExport); a file over
 * the caps is 413/400 with nothing added (docs/api.md "CSV import").
 */
export const POST = defineRoute(
  {
    name: "watchlist-import",
    auth: "subscriber",
    entitlement: "csvExport",
    contentType: "raw",
    bodyLimit: IMPORT_MAX_BYTES,
    rateLimit: { capacity: 5, refillMs: 12_000 },
  },
  async ({ db, subscriber, access, request, raw }) => {
    if (!CSV_TYPES.test(request.headers.get("content-type") ?? "")) {
      throw new ApiError(415, "Send the CSV file as the request body (Content-Type: text/csv).");
    }
    const bytes = await raw();
    try {
      return await importWatches(db, subscriber.id, access, bytes.toString("utf8"));
    } catch (error) {
      if (error instanceof ImportFileError) throw new ApiError(error.status, error.message);
      throw error;
    }
  },
);

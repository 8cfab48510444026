/**
 * The BLS Public Data API v2 (POST .../publicAPI/v2/timeseries/data/), as documented at
 * https://www.bls.gov/developers/api_signature_v2.htm. Only index levels are asked for
 * (no `calculations`): percent changes are computed by us from the levels.
 *
 * Limits (https://www.bls.gov/developers/api_faqs.htm): without a registration key 25
 * queries a day, 25 series and 10 years per query; with one 500, 50 and 20.
 *
 * A malformed answer (not JSON, not BLS's shape, a series that was not asked for, a value
 * that is not a number) rejects the whole batch: nothing from it is stored.
 */
import { z } from "zod";
import { requestWithRetry, type HttpOptions } from "./http";
import { periodFromBls } from "./periods";

export const BLS_LIMITS = {
  keyless: { seriesPerQuery: 25, yearsPerQuery: 10, queriesPerDay: 25 },
  registered: { seriesPerQuery: 50, yearsPerQuery: 20, queriesPerDay: 500 },
} as const;

export function blsLimits(apiKey: string | undefined) {
  return apiKey ? BLS_LIMITS.registered : BLS_LIMITS.keyless;
}

const footnote = z.object({ code: z.string().optional(), text: z.string().optional() });

const blsEnvelopeSchema = z.object({ status: z.string(), message: z.array(z.string()) });

const blsResponseSchema = z.object({
  status: z.string(),
  responseTime: z.number().optional(),
  message: z.array(z.string()),
  Results: z
    .object({
      series: z.array(
        z.object({
          seriesID: z.string().min(1),
          data: z.array(
            z.object({
              year: z.string(),
              period: z.string(),
              periodName: z.string(),
              latest: z.string().optional(),
              value: z.string(),
              footnotes: z.array(z.union([footnote, z.null()])).optional(),
            }),
          ),
        }),
      ),
    })
    .optional(),
});

export type BlsPoint = { period: string; value: number; preliminary: boolean };
export type BlsSeriesData = { seriesId: string; points: BlsPoint[] };

export type BlsBatchResult =
  | { ok: true; series: BlsSeriesData[]; messages: string[] }
  | { ok: false; kind: "network" | "timeout" | "http" | "malformed" | "refused" | "daily-limit" | "budget"; error: string };

/** BLS marks a missing value with "-" (e.g. October 2025, not collected during the funding lapse). */
const MISSING_VALUES = new Set(["-", ""]);

export function parseBlsResponse(text: string, requested: readonly string[]): BlsBatchResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, kind: "malformed", error: "the BLS answer is not JSON" };
  }
  // A refusal carries only a status and messages (its Results, if any, is empty).
  const envelope = blsEnvelopeSchema.safeParse(json);
  if (envelope.success && envelope.data.status !== "REQUEST_SUCCEEDED") {
    const message = envelope.data.message.join(" ") || envelope.data.status;
    if (/threshold|daily limit|exceeded/i.test(message)) return { ok: false, kind: "daily-limit", error: `BLS: ${message}` };
    return { ok: false, kind: "refused", error: `BLS ${envelope.data.status}: ${message}` };
  }
  const parsed = blsResponseSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, kind: "malformed", error: `the BLS answer is not in the API's format (${issue?.path.join(".") || "root"}: ${issue?.message})` };
  }
  const body = parsed.data;
  if (!body.Results) return { ok: false, kind: "malformed", error: "the BLS answer has no Results" };
  const wanted = new Set(requested);
  const series: BlsSeriesData[] = [];
  for (const s of body.Results.series) {
    if (!wanted.has(s.seriesID)) return { ok: false, kind: "malformed", error: `the BLS answer has series ${s.seriesID}, which was not asked for` };
    const points: BlsPoint[] = [];
    for (const d of s.data) {
      const period = periodFromBls(d.year, d.period);
      if (period === null) continue; // annual averages (M13) and non-monthly periods
      const raw = d.value.trim();
      if (MISSING_VALUES.has(raw)) continue;
      if (!/^-?\d+(\.\d+)?$/.test(raw)) return { ok: false, kind: "malformed", error: `the BLS answer has value "${d.value}" for ${s.seriesID} ${period}, which is not a number` };
      const value = Number(raw);
      if (!(value > 0) || value > 1_000_000) return { ok: false, kind: "malformed", error: `the BLS answer has index level ${raw} for ${s.seriesID} ${period}, which cannot be an index level` };
      const preliminary = (d.footnotes ?? []).some((f) => f?.code === "P");
      points.push({ period, value, preliminary });
    }
    series.push({ seriesId: s.seriesID, points });
  }
  return { ok: true, series, messages: body.message };
}

export type BlsRequest = { seriesIds: readonly string[]; startYear: number; endYear: number; apiKey?: string };

/** One POST for up to the per-query number of series. */
export async function fetchBlsBatch(url: string, request: BlsRequest, http: HttpOptions): Promise<BlsBatchResult> {
  const limits = blsLimits(request.apiKey);
  if (request.seriesIds.length === 0 || request.seriesIds.length > limits.seriesPerQuery) {
    throw new RangeError(`a BLS query takes 1 to ${limits.seriesPerQuery} series (${request.seriesIds.length} given)`);
  }
  if (request.endYear - request.startYear + 1 > limits.yearsPerQuery || request.endYear < request.startYear) {
    throw new RangeError(`a BLS query spans at most ${limits.yearsPerQuery} years`);
  }
  const body: Record<string, unknown> = {
    seriesid: request.seriesIds,
    startyear: String(request.startYear),
    endyear: String(request.endYear),
  };
  if (request.apiKey) body.registrationkey = request.apiKey;
  const result = await requestWithRetry(
    url,
    { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(body) },
    http,
  );
  if (!result.ok) {
    if (result.kind === "http" && result.text) {
      // BLS answers some refusals with an error status and its own JSON body.
      const parsed = parseBlsResponse(result.text, request.seriesIds);
      if (!parsed.ok && (parsed.kind === "daily-limit" || parsed.kind === "refused")) return parsed;
    }
    return { ok: false, kind: result.kind, error: `BLS API: ${result.error}` };
  }
  return parseBlsResponse(result.text, request.seriesIds);
}

/** Splits series into queries of at most `size`. */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

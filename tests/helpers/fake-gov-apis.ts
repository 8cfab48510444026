import http from "node:http";
import type { AddressInfo } from "node:net";
import { formatPeriod, parsePeriod } from "@/lib/economy/periods";
import { inferDocumentType } from "@/lib/economy/rules";
import { loadShippedSnapshot, snapshotRecords } from "@/lib/economy/snapshot";

/**
 * A local stand-in for the two government APIs the refresh calls, answering in their real
 * wire formats, on 127.0.0.1 only:
 *
 * - BLS Public Data API v2: POST /publicAPI/v2/timeseries/data/ with
 *   {seriesid, startyear, endyear, registrationkey?} -> {status, responseTime, message[],
 *   Results: {series: [{seriesID, data: [{year, period: "M05", periodName, latest?,
 *   value: "330.2", footnotes: [{}]}]}]}}, newest month first, and BLS's limits: without
 *   a key 25 series and 10 years per query and 25 queries a day (then
 *   REQUEST_NOT_PROCESSED), with a key 50, 20 and 500.
 * - Federal Register: GET /api/v1/documents.json?conditions[term]=...&order=newest&per_page=N
 *   &fields[]=... -> {count, description, total_pages, next_page_url, results: [...]} with
 *   the fields asked for.
 *
 * Tests give it the data to serve and can make the next answers fail in the ways the
 * real services fail (error status, malformed body, over capacity, no answer).
 */
export type BlsObservation = { period: string; value: string; preliminary?: boolean };

export type FrDocument = {
  title: string;
  type: string;
  abstract: string | null;
  document_number: string;
  html_url: string;
  pdf_url: string | null;
  public_inspection_pdf_url: string | null;
  publication_date: string;
  agencies: { raw_name: string; name: string; id: number; url: string; json_url: string; parent_id: number | null; slug: string }[];
  excerpts: string | null;
};

export type Failure = "http-500" | "http-429" | "malformed-json" | "wrong-shape" | "bad-value" | "unasked-series" | "over-capacity" | "no-answer";

export type FakeGovApis = {
  url: string;
  blsUrl: string;
  federalRegisterUrl: string;
  /** Series id -> observations (any order). */
  bls: Map<string, BlsObservation[]>;
  federalRegister: FrDocument[];
  /** Keys the fake accepts as registered. */
  validKeys: Set<string>;
  /** Failures for the next requests, first in first out. */
  failNextBls: Failure[];
  failNextFederalRegister: Failure[];
  /** Every request, as received. */
  blsRequests: { body: Record<string, unknown>; answered: string }[];
  federalRegisterRequests: URL[];
  /** Queries counted against the day's limit, per key ("" = no key), as BLS counts them. */
  dailyQueries: Map<string, number>;
  close: () => Promise<void>;
};

const BLS_PATH = "/publicAPI/v2/timeseries/data/";
const FR_PATH = "/api/v1/documents.json";

function json(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}

function blsRefusal(res: http.ServerResponse, message: string): void {
  json(res, 200, { status: "REQUEST_NOT_PROCESSED", responseTime: 12, message: [message], Results: {} });
}

function fail(res: http.ServerResponse, failure: Failure, kind: "bls" | "fr", requested: string[]): boolean {
  switch (failure) {
    case "http-500":
      res.writeHead(500, { "Content-Type": "text/html" });
      res.end("<html><body>Internal Server Error</body></html>");
      return true;
    case "http-429":
      res.writeHead(429, { "Content-Type": "text/plain", "Retry-After": "1" });
      res.end("Too Many Requests");
      return true;
    case "malformed-json":
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end('{"status":"REQUEST_SUCCEEDED","Results":{"series":[{"seriesID"');
      return true;
    case "wrong-shape":
      json(res, 200, kind === "bls" ? { status: "REQUEST_SUCCEEDED", message: [], Results: { series: "none" } } : { count: "many", results: {} });
      return true;
    case "bad-value":
      if (kind === "bls") {
        json(res, 200, {
          status: "REQUEST_SUCCEEDED",
          responseTime: 20,
          message: [],
          Results: { series: [{ seriesID: requested[0], data: [{ year: "2026", period: "M05", periodName: "May", latest: "true", value: "n/a", footnotes: [{}] }] }] },
        });
      } else {
        json(res, 200, { count: 1, description: "", total_pages: 1, next_page_url: null, results: [{ title: "", type: "Rule", document_number: "", html_url: "not a url", publication_date: "yesterday", agencies: [] }] });
      }
      return true;
    case "unasked-series":
      json(res, 200, {
        status: "REQUEST_SUCCEEDED",
        responseTime: 20,
        message: [],
        Results: { series: [{ seriesID: "CUUR0000SA0XX", data: [{ year: "2026", period: "M05", periodName: "May", value: "100.0", footnotes: [{}] }] }] },
      });
      return true;
    case "over-capacity":
      json(res, 200, { status: "REQUEST_FAILED_OVER_CAPACITY", responseTime: 5, message: ["The server is currently over capacity. Please try again later."], Results: {} });
      return true;
    case "no-answer":
      return false; // the caller leaves the request hanging
  }
}

export async function startFakeGovApis(options: { port?: number } = {}): Promise<FakeGovApis> {
  const sockets = new Set<import("node:net").Socket>();
  const state: Omit<FakeGovApis, "url" | "blsUrl" | "federalRegisterUrl" | "close"> = {
    bls: new Map(),
    federalRegister: [],
    validKeys: new Set(),
    failNextBls: [],
    failNextFederalRegister: [],
    blsRequests: [],
    federalRegisterRequests: [],
    dailyQueries: new Map(),
  };

  const handleBls = (raw: string, res: http.ServerResponse) => {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      json(res, 400, { status: "REQUEST_NOT_PROCESSED", message: ["Invalid JSON in the request."] });
      return;
    }
    const record = { body, answered: "" };
    state.blsRequests.push(record);
    const key = typeof body.registrationkey === "string" ? body.registrationkey : "";
    if (key && !state.validKeys.has(key)) {
      record.answered = "invalid-key";
      blsRefusal(res, "The key provided by the User is invalid.");
      return;
    }
    const limits = key ? { series: 50, years: 20, day: 500 } : { series: 25, years: 10, day: 25 };
    const used = (state.dailyQueries.get(key) ?? 0) + 1;
    state.dailyQueries.set(key, used);
    if (used > limits.day) {
      record.answered = "daily-limit";
      blsRefusal(
        res,
        key
          ? `Request could not be serviced, as the daily threshold for total number of requests allocated to the user with registration key - ${key} - has been reached.`
          : "Request could not be serviced, as the daily threshold for total number of requests allocated to the user has been reached.",
      );
      return;
    }
    const ids = Array.isArray(body.seriesid) ? body.seriesid.filter((s): s is string => typeof s === "string") : [];
    const failure = state.failNextBls.shift();
    if (failure) {
      record.answered = failure;
      if (!fail(res, failure, "bls", ids)) return;
      return;
    }
    if (ids.length === 0) {
      record.answered = "no-series";
      blsRefusal(res, "No series ID was provided.");
      return;
    }
    if (ids.length > limits.series) {
      record.answered = "too-many-series";
      blsRefusal(res, `The maximum number of series allowed per query is ${limits.series}.`);
      return;
    }
    const start = Number(body.startyear);
    const end = Number(body.endyear);
    if (!Number.isInteger(start) || !Number.isInteger(end) || end < start) {
      record.answered = "bad-years";
      blsRefusal(res, "Invalid start year or end year.");
      return;
    }
    if (end - start + 1 > limits.years) {
      record.answered = "too-many-years";
      blsRefusal(res, `Year range has been reduced to the system-allowed limit of ${limits.years} years.`);
      return;
    }
    const message: string[] = [];
    const series = ids.map((id) => {
      const known = state.bls.get(id);
      if (!known) {
        message.push(`Series does not exist for Series ${id}`);
        return { seriesID: id, data: [] };
      }
      const rows = known
        .filter((o) => {
          const { year } = parsePeriod(o.period);
          return year >= start && year <= end;
        })
        .sort((a, b) => b.period.localeCompare(a.period));
      if (rows.length === 0) message.push(`No Data Available for Series ${id} Year: ${end}`);
      return {
        seriesID: id,
        data: rows.map((o, i) => {
          const { year, month } = parsePeriod(o.period);
          return {
            year: String(year),
            period: `M${String(month).padStart(2, "0")}`,
            periodName: formatPeriod(o.period).split(" ")[0],
            ...(i === 0 ? { latest: "true" } : {}),
            value: o.value,
            footnotes: [o.preliminary ? { code: "P", text: "Preliminary." } : {}],
          };
        }),
      };
    });
    record.answered = "ok";
    json(res, 200, { status: "REQUEST_SUCCEEDED", responseTime: 37, message, Results: { series } });
  };

  const handleFederalRegister = (url: URL, res: http.ServerResponse) => {
    state.federalRegisterRequests.push(url);
    const failure = state.failNextFederalRegister.shift();
    if (failure) {
      if (!fail(res, failure, "fr", [])) return;
      return;
    }
    const term = url.searchParams.get("conditions[term]");
    if (!term) {
      json(res, 400, { errors: { conditions: ["term is required by this test double"] } });
      return;
    }
    const perPage = Math.min(Number(url.searchParams.get("per_page") ?? 20) || 20, 1000);
    const fields = url.searchParams.getAll("fields[]");
    // The documents a test gives it stand for the full-text search's matches.
    const matching = [...state.federalRegister].sort((a, b) => b.publication_date.localeCompare(a.publication_date));
    const page = matching.slice(0, perPage);
    const pick = (d: FrDocument) => (fields.length ? Object.fromEntries(fields.map((f) => [f, (d as Record<string, unknown>)[f] ?? null])) : d);
    const totalPages = Math.ceil(matching.length / perPage);
    json(res, 200, {
      count: matching.length,
      description: `Documents matching '${term}'`,
      total_pages: totalPages,
      next_page_url: totalPages > 1 ? `${url.origin}${FR_PATH}?page=2` : null,
      ...(page.length ? { results: page.map(pick) } : {}),
    });
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      if (req.method === "POST" && url.pathname === BLS_PATH) handleBls(Buffer.concat(chunks).toString("utf8"), res);
      else if (req.method === "GET" && url.pathname === FR_PATH) handleFederalRegister(url, res);
      else json(res, 404, { message: "not found" });
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return Object.assign(state, {
    url,
    blsUrl: `${url}${BLS_PATH}`,
    federalRegisterUrl: `${url}${FR_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  });
}

/** The snapshot's real index levels, as BLS would serve them (values as BLS prints them). */
export function snapshotBlsData(): Map<string, BlsObservation[]> {
  const records = snapshotRecords(loadShippedSnapshot());
  const refreshable = new Set(records.series.filter((s) => s.refreshable).map((s) => s.seriesId));
  const data = new Map<string, BlsObservation[]>();
  for (const o of records.observations) {
    if (o.value === null || !refreshable.has(o.seriesId)) continue;
    const list = data.get(o.seriesId) ?? [];
    list.push({ period: o.period, value: o.value.toFixed(3), preliminary: o.preliminary });
    data.set(o.seriesId, list);
  }
  return data;
}

/** The snapshot's Federal Register documents in the API's shape (their real titles, dates and addresses). */
export function snapshotFederalRegisterDocuments(): FrDocument[] {
  return loadShippedSnapshot()
    .news.filter((n) => /^\d{4}-\d{5}$/.test(n.documentNumber))
    .map((n) => {
      const presidential = /presidential/i.test(n.source);
      // Agency names as the Federal Register prints them; the numeric ids are placeholders.
      const agency = presidential
        ? { raw_name: "Executive Office of the President", name: "Executive Office of the President", id: 538, slug: "executive-office-of-the-president" }
        : { raw_name: "DEPARTMENT OF COMMERCE", name: "Industry and Security Bureau", id: 241, slug: "industry-and-security-bureau" };
      return {
        title: n.title,
        type: inferDocumentType(n),
        abstract: n.description,
        document_number: n.documentNumber,
        html_url: n.url,
        pdf_url: null,
        public_inspection_pdf_url: null,
        publication_date: n.publishedAt,
        agencies: [{ ...agency, url: `https://www.federalregister.gov/agencies/${agency.slug}`, json_url: `https://www.federalregister.gov/api/v1/agencies/${agency.id}`, parent_id: null }],
        excerpts: null,
      };
    });
}

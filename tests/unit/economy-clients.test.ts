import { batches, BLS_LIMITS, fetchBlsBatch, parseBlsResponse } from "@/lib/economy/bls-client";
import { federalRegisterUrl, parseFederalRegisterResponse } from "@/lib/economy/federal-register-client";
import { requestWithRetry, type FetchLike } from "@/lib/economy/http";

const blsOk = (series: unknown[], message: string[] = []) => JSON.stringify({ status: "REQUEST_SUCCEEDED", responseTime: 41, message, Results: { series } });

describe("parsing BLS answers", () => {
  it("reads monthly index levels, skipping annual averages and values BLS marks missing", () => {
    const text = blsOk([
      {
        seriesID: "WPUFD4",
        data: [
          { year: "2026", period: "M05", periodName: "May", latest: "true", value: "156.123", footnotes: [{ code: "P", text: "Preliminary." }] },
          { year: "2025", period: "M13", periodName: "Annual", value: "150.000", footnotes: [{}] },
          { year: "2025", period: "M10", periodName: "October", value: "-", footnotes: [{ code: "X", text: "Data unavailable due to the 2025 lapse in appropriations." }] },
          { year: "2025", period: "M09", periodName: "September", value: "149.5", footnotes: [{}] },
        ],
      },
    ]);
    expect(parseBlsResponse(text, ["WPUFD4"])).toEqual({
      ok: true,
      messages: [],
      series: [
        {
          seriesId: "WPUFD4",
          points: [
            { period: "2026-05", value: 156.123, preliminary: true },
            { period: "2025-09", value: 149.5, preliminary: false },
          ],
        },
      ],
    });
  });

  it.each([
    ["not JSON", "<html>Service Unavailable</html>", "malformed"],
    ["not the API's shape", JSON.stringify({ status: "REQUEST_SUCCEEDED", Results: { series: [] } }), "malformed"],
    ["a series that was not asked for", blsOk([{ seriesID: "CUUR0000SA0", data: [] }]), "malformed"],
    ["a value that is not a number", blsOk([{ seriesID: "WPUFD4", data: [{ year: "2026", period: "M05", periodName: "May", value: "1O2.5", footnotes: [{}] }] }]), "malformed"],
    ["a level that cannot be an index", blsOk([{ seriesID: "WPUFD4", data: [{ year: "2026", period: "M05", periodName: "May", value: "0", footnotes: [{}] }] }]), "malformed"],
    [
      "the daily threshold",
      JSON.stringify({ status: "REQUEST_NOT_PROCESSED", responseTime: 3, message: ["Request could not be serviced, as the daily threshold for total number of requests allocated to the user has been reached."], Results: {} }),
      "daily-limit",
    ],
    ["over capacity", JSON.stringify({ status: "REQUEST_FAILED_OVER_CAPACITY", message: ["Try again later."] }), "refused"],
  ])("rejects %s as a whole", (_name, text, kind) => {
    const result = parseBlsResponse(text, ["WPUFD4"]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.kind).toBe(kind);
  });

  it("refuses to build a query beyond the keyless limits", async () => {
    const http = { fetch: jest.fn<ReturnType<FetchLike>, Parameters<FetchLike>>(), timeoutMs: 1000, retries: 0, backoffMs: 1, sleep: async () => undefined };
    const ids = Array.from({ length: 26 }, (_, i) => `CUUR0000X${i}`);
    await expect(fetchBlsBatch("http://127.0.0.1:1/", { seriesIds: ids, startYear: 2024, endYear: 2026 }, http)).rejects.toThrow(/1 to 25 series/);
    await expect(fetchBlsBatch("http://127.0.0.1:1/", { seriesIds: ids.slice(0, 2), startYear: 2015, endYear: 2026 }, http)).rejects.toThrow(/10 years/);
    expect(http.fetch).not.toHaveBeenCalled();
    expect(batches(ids, BLS_LIMITS.keyless.seriesPerQuery).map((b) => b.length)).toEqual([25, 1]);
    expect(batches(ids, BLS_LIMITS.registered.seriesPerQuery).map((b) => b.length)).toEqual([26]);
  });
});

describe("parsing Federal Register answers", () => {
  const docFields = {
    type: "Presidential Document",
    abstract: null,
    document_number: "2025-12962",
    html_url: "https://www.federalregister.gov/documents/2025/07/10/2025-12962/extending-the-modification-of-the-reciprocal-tariff-rates",
    pdf_url: "https://www.govinfo.gov/content/pkg/FR-2025-07-10/pdf/2025-12962.pdf",
    public_inspection_pdf_url: "https://public-inspection.federalregister.gov/2025-12962.pdf",
    publication_date: "2025-07-10",
    agencies: [{ raw_name: "Executive Office of the President", name: "Executive Office of the President", id: 1, url: "https://www.federalregister.gov/agencies/executive-office-of-the-president", json_url: "https://www.federalregister.gov/api/v1/agencies/1", parent_id: null, slug: "executive-office-of-the-president" }],
    excerpts: "&hellip; the <span class=\"match\">tariff</span> rates &amp; duties &hellip;",
  };

  it("turns documents into news items, classifying impact and category by the rules", () => {
    const text = JSON.stringify({
      count: 2,
      description: "Documents matching 'tariffs'",
      total_pages: 1,
      next_page_url: null,
      results: [
        { ...docFields, title: "Extending the Modification of the Reciprocal Tariff Rates" },
        { ...docFields, title: "Extending the Modification of the Reciprocal Tariff Rates" },
      ],
    });
    const result = parseFederalRegisterResponse(text);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.items).toHaveLength(1); // the same document twice is one item
    expect(result.items[0]).toMatchObject({
      documentNumber: "2025-12962",
      documentType: "Presidential Document",
      impact: "high",
      category: "Trade Policy",
      source: "Federal Register - Executive Office of the President",
      url: docFields.html_url,
      publishedAt: new Date("2025-07-10T00:00:00.000Z"),
    });
    // No abstract: the search excerpt, as plain text.
    expect(result.items[0]?.description).toBe("&hellip; the tariff rates & duties &hellip;");
  });

  it("accepts an empty result (no results key) and rejects malformed answers", () => {
    expect(parseFederalRegisterResponse(JSON.stringify({ count: 0, description: "none", total_pages: 0 }))).toEqual({ ok: true, items: [], count: 0 });
    expect(parseFederalRegisterResponse("{").ok).toBe(false);
    expect(parseFederalRegisterResponse(JSON.stringify({ count: 1, results: [{ ...docFields, title: "x", html_url: "javascript:alert(1)" }] })).ok).toBe(false);
    expect(parseFederalRegisterResponse(JSON.stringify({ count: 1, results: [{ ...docFields, title: "x", publication_date: "July 10" }] })).ok).toBe(false);
  });

  it("asks for tariff documents, newest first, with the fields it reads", () => {
    const url = new URL(federalRegisterUrl("https://www.federalregister.gov/api/v1/documents.json"));
    expect(url.searchParams.get("conditions[term]")).toBe("tariffs");
    expect(url.searchParams.get("order")).toBe("newest");
    expect(url.searchParams.getAll("fields[]")).toEqual(expect.arrayContaining(["title", "abstract", "document_number", "html_url", "publication_date", "agencies", "type"]));
  });
});

describe("requestWithRetry", () => {
  function scripted(answers: (number | "network" | "timeout")[]) {
    const calls: string[] = [];
    const fetch: FetchLike = async (url) => {
      calls.push(url);
      const next = answers.shift() ?? 200;
      if (next === "network") throw new TypeError("fetch failed", { cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" }) });
      if (next === "timeout") throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
      return new Response(`{"n":${calls.length}}`, { status: next });
    };
    return { fetch, calls };
  }

  it("retries network failures, timeouts, 429 and 5xx with doubling backoff, then succeeds", async () => {
    const { fetch, calls } = scripted(["network", 503, "timeout", 200]);
    const waits: number[] = [];
    const reached: boolean[] = [];
    const result = await requestWithRetry("http://127.0.0.1/x", {}, { fetch, timeoutMs: 1000, retries: 3, backoffMs: 1000, maxBackoffMs: 30_000, sleep: async (ms) => void waits.push(ms), onAttempt: (r) => void reached.push(r) });
    expect(result).toMatchObject({ ok: true, status: 200, attempts: 4 });
    expect(calls).toHaveLength(4);
    expect(waits).toEqual([1000, 2000, 4000]);
    expect(reached).toEqual([false, true, true, true]);
  });

  it("gives up after the retries and says why; caps the backoff", async () => {
    const { fetch } = scripted([500, 500, 500, 500, 500, 500]);
    const waits: number[] = [];
    const result = await requestWithRetry("http://127.0.0.1/x", {}, { fetch, timeoutMs: 1000, retries: 5, backoffMs: 10_000, maxBackoffMs: 30_000, sleep: async (ms) => void waits.push(ms) });
    expect(result).toMatchObject({ ok: false, kind: "http", status: 500, attempts: 6 });
    expect(waits).toEqual([10_000, 20_000, 30_000, 30_000, 30_000]);
  });

  it("does not retry a 4xx other than 429", async () => {
    const { fetch, calls } = scripted([404]);
    const result = await requestWithRetry("http://127.0.0.1/x", {}, { fetch, timeoutMs: 1000, retries: 2, backoffMs: 1, sleep: async () => undefined });
    expect(result).toMatchObject({ ok: false, kind: "http", status: 404 });
    expect(calls).toHaveLength(1);
  });

  it("stops before an attempt the budget does not allow", async () => {
    const { fetch, calls } = scripted([500, 500]);
    let allowed = 1;
    const result = await requestWithRetry("http://127.0.0.1/x", {}, { fetch, timeoutMs: 1000, retries: 2, backoffMs: 1, sleep: async () => undefined, mayAttempt: () => allowed-- > 0 });
    expect(result).toMatchObject({ ok: false, kind: "budget" });
    expect(calls).toHaveLength(1);
  });
});

import { ApiError, getJson, postJson, sendJson } from "@/lib/http/client";

/** The browser's one JSON client: what a page sees for each kind of answer. */
describe("browser JSON client", () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });
  const answer = (status: number, body: unknown) => jest.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));

  it("reads a GET with cookies, uncached, asking for JSON", async () => {
    const spy = answer(200, { keys: [] });
    global.fetch = spy as unknown as typeof fetch;
    await expect(getJson("/api/account/api-keys")).resolves.toEqual({ keys: [] });
    expect(spy.mock.calls[0]?.[1]).toMatchObject({ method: "GET", credentials: "include", cache: "no-store", headers: { accept: "application/json" } });
  });

  it("sends JSON bodies, and none with no content type when there is no body", async () => {
    const spy = answer(200, { ok: true });
    global.fetch = spy as unknown as typeof fetch;
    await sendJson("PATCH", "/api/watchlist/w1", { alertThreshold: 5 });
    await sendJson("DELETE", "/api/watchlist/w1");
    expect(spy.mock.calls[0]?.[1]).toMatchObject({ method: "PATCH", body: '{"alertThreshold":5}', headers: { "Content-Type": "application/json" } });
    expect(spy.mock.calls[1]?.[1]?.body).toBeUndefined();
    expect(spy.mock.calls[1]?.[1]?.headers).toEqual({ accept: "application/json" });
  });

  it("turns a refusal into an ApiError with the server's message and field errors", async () => {
    global.fetch = answer(400, { message: "Check the fields.", errors: { name: "Name is required.", n: 3 } }) as unknown as typeof fetch;
    const error = await postJson("/api/watchlist", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: "Check the fields.", errors: { name: "Name is required." } });
    global.fetch = answer(503, { error: "Payments are not configured." }) as unknown as typeof fetch;
    await expect(postJson("/api/paypal/order", {})).rejects.toMatchObject({ status: 503, message: "Payments are not configured." });
  });

  it("reports an unreachable server as status 0 with no message, so the page shows its own", async () => {
    global.fetch = jest.fn(async () => {
      throw new TypeError("Failed to fetch");
    }) as unknown as typeof fetch;
    await expect(getJson("/api/stats")).rejects.toMatchObject({ status: 0, message: "" });
  });

  it("lets an aborted read stay an abort", async () => {
    const controller = new AbortController();
    controller.abort();
    global.fetch = jest.fn(async () => {
      throw new DOMException("aborted", "AbortError");
    }) as unknown as typeof fetch;
    await expect(getJson("/api/ebook/library", { signal: controller.signal })).rejects.toMatchObject({ name: "AbortError" });
  });
});

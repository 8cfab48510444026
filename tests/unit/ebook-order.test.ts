import {
  createEbookOrder,
  EBOOK_ORDER_BODY,
  NO_APPROVAL_URL,
  NO_ORDER_ID,
  ORDER_TIMEOUT_ALERT,
  ORDER_TIMEOUT_MS,
  orderFailureAlert,
  OrderTimeoutError,
} from "@/components/ebook/ebook-order";

const json = (status: number, body: unknown) =>
  ({ ok: status >= 200 && status < 300, status, json: () => Promise.resolve(body) }) as unknown as Response;

describe("e-book order (browser side)", () => {
  it("sends the catalog amount as text with currency, intent and description", async () => {
    const fetchMock = jest.fn((_url: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve(json(201, { id: "O-1", links: [{ rel: "self", href: "x" }, { rel: "approve", href: "https://paypal.example/approve" }] })),
    );
    await expect(createEbookOrder(fetchMock as unknown as typeof fetch)).resolves.toBe("https://paypal.example/approve");
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/paypal/order");
    expect(init?.method).toBe("POST");
    expect(init?.headers).toEqual({ "Content-Type": "application/json" });
    expect(JSON.parse(String(init?.body))).toEqual({ amount: "4.99", currency: "USD", intent: "CAPTURE", description: EBOOK_ORDER_BODY.description });
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it.each([
    [json(500, { error: "x" }), "HTTP error! status: 500"],
    [json(201, { links: [{ rel: "approve", href: "https://a" }] }), NO_ORDER_ID],
    [json(201, { id: "O-2" }), NO_APPROVAL_URL],
    [json(201, { id: "O-3", links: [{ rel: "approve" }] }), NO_APPROVAL_URL],
    [json(201, null), NO_ORDER_ID],
  ])("rejects a bad answer (%#)", async (response, message) => {
    const error = await createEbookOrder(() => Promise.resolve(response)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(message);
    expect(orderFailureAlert(error)).toBe(`Payment error: ${message}`);
  });

  it("aborts after 10 seconds and reports the timeout", async () => {
    jest.useFakeTimers();
    try {
      const hanging = (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        });
      const result = createEbookOrder(hanging as typeof fetch).catch((e: unknown) => e);
      jest.advanceTimersByTime(ORDER_TIMEOUT_MS - 1);
      jest.advanceTimersByTime(1);
      const error = await result;
      expect(error).toBeInstanceOf(OrderTimeoutError);
      expect(orderFailureAlert(error)).toBe(ORDER_TIMEOUT_ALERT);
      expect(ORDER_TIMEOUT_ALERT).toBe("Payment request timed out. Please try again.");
    } finally {
      jest.useRealTimers();
    }
  });
});

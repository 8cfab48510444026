// The email outbox writes each undelivered message to the log; keep test output readable.
// jest-dom's matchers (toBeInTheDocument...) are for DOM nodes: registered in the files that
// have a DOM (jsdom), not loaded by the others (70 ms of CPU in each: docs/performance.md "CI time").
beforeAll(async () => {
  jest.spyOn(console, "info").mockImplementation(() => undefined);
  if (typeof document !== "undefined") expect.extend((await import("@testing-library/jest-dom/matchers")).default);
});

// Route handlers called in-process have no socket: the tests play the hosting platform,
// whose trusted client header (CLIENT_IP_HEADER, lib/http/rate-limit.ts) is X-Forwarded-For
// here, so each test keeps its own rate-limit bucket. Tests of the address itself set their own.
process.env.CLIENT_IP_HEADER ??= "x-forwarded-for";

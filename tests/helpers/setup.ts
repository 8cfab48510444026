import "@testing-library/jest-dom";

// The email outbox writes each undelivered message to the log; keep test output readable.
beforeAll(() => {
  jest.spyOn(console, "info").mockImplementation(() => undefined);
});

// Route handlers called in-process have no socket: the tests play the hosting platform,
// whose trusted client header (CLIENT_IP_HEADER, lib/http/rate-limit.ts) is X-Forwarded-For
// here, so each test keeps its own rate-limit bucket. Tests of the address itself set their own.
process.env.CLIENT_IP_HEADER ??= "x-forwarded-for";

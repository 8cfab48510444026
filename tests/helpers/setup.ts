import "@testing-library/jest-dom";

// The email outbox writes each undelivered message to the log; keep test output readable.
beforeAll(() => {
  jest.spyOn(console, "info").mockImplementation(() => undefined);
});

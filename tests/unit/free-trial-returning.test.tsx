/**
 * @jest-environment jsdom
 */
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { FreeTrialForm } from "@/components/trials/free-trial-form";

/**
 * A way back for returning people (docs/accounts.md): the 409 of a second trial shows the
 * account notice instead of a failure, and its button asks POST /api/auth/sign-in-link for
 * the same email, then says "Check your inbox".
 */
type Answer = { status: number; body: unknown };

function mockFetch(...answers: Answer[]) {
  const queue = [...answers];
  // jsdom has no Response: answer with the part of it the client reads.
  const fetchMock = jest.fn(async () => {
    const next = queue.shift() ?? { status: 500, body: {} };
    return { ok: next.status < 400, status: next.status, json: async () => next.body };
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

const CONFLICT: Answer = {
  status: 409,
  body: {
    message:
      "You already have a TariffWatch account with this email: a free trial has already been started with this email address. Each email can start one free trial.",
    errors: { email: "A free trial already exists for this email." },
  },
};

async function submitTwice(email: string) {
  render(<FreeTrialForm initial={{ firstName: "Sam", lastName: "Lee", email }} />);
  await act(async () => {
    fireEvent.submit(screen.getByTestId("free-trial-form"));
  });
}

describe("a second free trial for an email", () => {
  it("shows the account notice, focused, and keeps the form as typed", async () => {
    mockFetch(CONFLICT);
    await submitTwice("Sam.Lee@Example.com");
    const heading = await screen.findByRole("heading", { name: "You already have a TariffWatch account with this email" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByTestId("trial-account-notice")).toHaveTextContent("sam.lee@example.com");
    expect(screen.getByLabelText("Email address")).toHaveValue("Sam.Lee@Example.com");
    expect(screen.queryByText("Registration Failed")).not.toBeInTheDocument();
  });

  it("sends the sign-in link request for that email and says to check the inbox", async () => {
    const fetchMock = mockFetch(CONFLICT, { status: 202, body: { message: "If that email has an account or a trial, a sign-in link is on its way." } });
    await submitTwice("sam.lee@example.com");
    await act(async () => {
      fireEvent.click(await screen.findByRole("button", { name: "Email me a sign-in link" }));
    });
    const sent = await screen.findByTestId("trial-sign-in-sent");
    expect(sent).toHaveTextContent("Check your inbox");
    expect(sent).toHaveTextContent("a sign-in link is on its way.");
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe("/api/auth/sign-in-link");
    expect(JSON.parse(String(init.body))).toEqual({ email: "sam.lee@example.com" });
    expect(screen.queryByRole("button", { name: "Email me a sign-in link" })).not.toBeInTheDocument();
  });

  it("shows the limit message when the sign-in link is refused, and the button stays", async () => {
    mockFetch(CONFLICT, { status: 429, body: { message: "Too many sign-in links for this email. Please wait 3 minutes and try again." } });
    await submitTwice("sam.lee@example.com");
    await act(async () => {
      fireEvent.click(await screen.findByRole("button", { name: "Email me a sign-in link" }));
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many sign-in links for this email. Please wait 3 minutes and try again.");
    expect(screen.getByRole("button", { name: "Email me a sign-in link" })).toBeEnabled();
  });
});

/**
 * @jest-environment jsdom
 */
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NewsletterPlaceholder } from "@/components/landing/newsletter-form-view";
import { NewsletterSignup } from "@/components/landing/newsletter-signup";
import { TrialFormPlaceholder } from "@/components/trials/free-trial-form-view";
import { FreeTrialSignup } from "@/components/trials/free-trial-signup";

/**
 * The forms render a light placeholder first (rendered by the server and passed in, as the
 * pages do) and load the full form later. Whatever the visitor did meanwhile must survive the
 * swap: typed values are kept, and a press on the button before the full form arrived is
 * carried out once it has.
 */
function mockFetch(status: number, body: unknown) {
  // jsdom has no Response: answer with the part of it the client reads.
  const fetchMock = jest.fn(async () => ({ ok: status < 400, status, json: async () => body }));
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

describe("deferred newsletter form", () => {
  it("sends what was typed when Subscribe is pressed before the full form loaded", async () => {
    const fetchMock = mockFetch(201, { message: "ok" });
    render(<NewsletterSignup><NewsletterPlaceholder /></NewsletterSignup>);
    const input = screen.getByPlaceholderText("Enter your email address");
    fireEvent.change(input, { target: { value: "Early.Bird@Example.com" } });
    await act(async () => {
      fireEvent.submit(screen.getByTestId("newsletter-form"));
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/newsletter");
    expect(JSON.parse(String(init.body))).toEqual({ email: "early.bird@example.com" });
  });

  it("validates in the browser after the swap: an invalid email shows the message and calls nothing", async () => {
    const fetchMock = mockFetch(201, {});
    render(<NewsletterSignup><NewsletterPlaceholder /></NewsletterSignup>);
    fireEvent.change(screen.getByPlaceholderText("Enter your email address"), { target: { value: "nope" } });
    await act(async () => {
      fireEvent.submit(screen.getByTestId("newsletter-form"));
    });
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("deferred free-trial form", () => {
  it("keeps every typed field and submits once the full form arrives", async () => {
    const fetchMock = mockFetch(201, { message: "Welcome", trial: { firstName: "Ada", email: "ada@example.com", endDate: "2026-11-28T00:00:00.000Z" } });
    render(<FreeTrialSignup><TrialFormPlaceholder /></FreeTrialSignup>);
    fireEvent.change(screen.getByLabelText("First name"), { target: { value: "Ada" } });
    fireEvent.change(screen.getByLabelText("Last name"), { target: { value: "Lovelace" } });
    fireEvent.change(screen.getByLabelText("Email address"), { target: { value: "ada@example.com" } });
    await act(async () => {
      fireEvent.submit(screen.getByTestId("free-trial-form"));
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" });
    expect(await screen.findByTestId("trial-welcome")).toBeInTheDocument();
  });
});

/**
 * @jest-environment jsdom
 */
import type * as React from "react";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { fieldValue, useDeferredForm } from "@/components/forms/use-deferred-form";
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
    // The news-and-offers box was left unticked: marketing stays off (docs/email.md, "Consent").
    expect(JSON.parse(String(init.body))).toEqual({ firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", marketingOptIn: false });
    expect(await screen.findByTestId("trial-welcome")).toBeInTheDocument();
  });
});

describe("the swap itself (useDeferredForm)", () => {
  type Values = { name: string; email: string };
  type FullForm = (props: { values: Values; focus: string | undefined }) => React.JSX.Element;
  const Full: FullForm = ({ values, focus }) => (
    <form data-testid="full">
      <input aria-label="full name" name="name" defaultValue={values.name} autoFocus={focus === "name"} />
      <input aria-label="full email" name="email" defaultValue={values.email} autoFocus={focus === "email"} />
    </form>
  );

  function Deferred({ loader }: { loader: () => Promise<FullForm> }) {
    const { loaded, rootRef, placeholderProps } = useDeferredForm(loader, (root) => ({ name: fieldValue(root, "name"), email: fieldValue(root, "email") }));
    if (loaded) return <loaded.Form values={loaded.handoff.values} focus={loaded.handoff.focus} />;
    return (
      <div ref={rootRef} className="contents" {...placeholderProps}>
        <form>
          <input aria-label="name" name="name" />
          <input aria-label="email" name="email" />
        </form>
      </div>
    );
  }

  it("a field focused after the code arrived but before the swap was drawn keeps the focus (what is typed next goes there)", async () => {
    let resolve!: (form: FullForm) => void;
    const loader = () => new Promise<FullForm>((r) => (resolve = r));
    render(<Deferred loader={loader} />);
    act(() => screen.getByLabelText("name").focus());
    fireEvent.change(screen.getByLabelText("name"), { target: { value: "Jamie" } });
    await act(async () => {
      resolve(Full);
      await Promise.resolve();
      await Promise.resolve();
      // The code is in and the swap decided, not yet drawn: the visitor moves to the email field.
      screen.getByLabelText("email").focus();
    });
    expect(screen.getByTestId("full")).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByLabelText("full email"));
    expect(screen.getByLabelText("full name")).toHaveValue("Jamie");
  });
});

import { newsletterSignupSchema } from "@/lib/newsletter/schema";
import { freeTrialSchema } from "@/lib/trials/schema";
import { fieldErrors } from "@/lib/http/json";

function errorsOf(result: ReturnType<typeof freeTrialSchema.safeParse>) {
  return result.success ? {} : fieldErrors(result.error);
}

describe("newsletter signup schema", () => {
  it("stores emails trimmed and lower-cased", () => {
    expect(newsletterSignupSchema.parse({ email: "  Jane.Doe@Example.COM " })).toEqual({ email: "jane.doe@example.com" });
  });

  it.each([[""], ["not-an-email"], ["a@b"], [42], [null], [["a@b.co"]], [`${"a".repeat(250)}@example.com`]])(
    "refuses %p with the email message",
    (email) => {
      const result = newsletterSignupSchema.safeParse({ email });
      expect(result.success).toBe(false);
      if (!result.success) expect(fieldErrors(result.error)).toEqual({ email: "Please enter a valid email address" });
    },
  );

  it("refuses a missing email", () => {
    const result = newsletterSignupSchema.safeParse({});
    expect(result.success).toBe(false);
  });
});

describe("free trial schema", () => {
  it("accepts a valid signup and normalises it", () => {
    expect(freeTrialSchema.parse({ firstName: " Ana ", lastName: "Li", email: "ANA@EXAMPLE.COM" })).toEqual({
      firstName: "Ana",
      lastName: "Li",
      email: "ana@example.com",
      // Marketing email is off unless the box was ticked (docs/email.md, "Consent").
      marketingOptIn: false,
    });
    expect(freeTrialSchema.parse({ firstName: "Ana", lastName: "Li", email: "ana@example.com", marketingOptIn: true }).marketingOptIn).toBe(true);
    expect(freeTrialSchema.safeParse({ firstName: "Ana", lastName: "Li", email: "ana@example.com", marketingOptIn: "yes" }).success).toBe(false);
  });

  it("gives the spec's message for each field", () => {
    expect(errorsOf(freeTrialSchema.safeParse({ firstName: "A", lastName: "B", email: "nope" }))).toEqual({
      firstName: "First name must be at least 2 characters",
      lastName: "Last name must be at least 2 characters",
      email: "Please enter a valid email address",
    });
  });

  it("does not count surrounding spaces towards the 2 characters", () => {
    expect(errorsOf(freeTrialSchema.safeParse({ firstName: " A ", lastName: "Li", email: "a@b.co" }))).toEqual({
      firstName: "First name must be at least 2 characters",
    });
  });

  it("refuses wrong types and missing fields with the same per-field messages", () => {
    expect(errorsOf(freeTrialSchema.safeParse({ firstName: 12, email: true }))).toEqual({
      firstName: "First name must be at least 2 characters",
      lastName: "Last name must be at least 2 characters",
      email: "Please enter a valid email address",
    });
  });

  it("refuses oversized names", () => {
    expect(errorsOf(freeTrialSchema.safeParse({ firstName: "x".repeat(101), lastName: "Li", email: "a@b.co" }))).toEqual({
      firstName: "First name must be at most 100 characters",
    });
  });
});

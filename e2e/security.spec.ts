import { expect, test } from "@playwright/test";

test.describe("security", () => {
  for (const path of ["/", "/free-trial", "/api/newsletter/stats", "/no-such-page"]) {
    test(`sends the security headers on ${path}`, async ({ request }) => {
      const response = await request.get(path);
      const headers = response.headers();
      expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["permissions-policy"]).toContain("camera=()");
      expect(headers["strict-transport-security"]).toContain("max-age=");
      expect(headers["x-powered-by"]).toBeUndefined();
    });
  }

  test("keeps visitors out of the admin side and the diagnostic checkouts", async ({ request }) => {
    for (const path of ["/admin/email-resend", "/admin/trial-dashboard", "/checkout-test", "/checkout-debug"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(307);
      expect(response.headers().location, path).toContain(`/admin/sign-in?callbackUrl=${encodeURIComponent(path)}`);
    }
    const api = await request.get("/api/admin/newsletters");
    expect(api.status()).toBe(401);
    expect(await api.json()).toEqual({ message: "Admin sign-in required." });
  });

  test("answers bad input with a 4xx and per-field messages, never a 500", async ({ request }) => {
    const malformed = await request.post("/api/free-trial", { headers: { "content-type": "application/json" }, data: "{oops" });
    expect(malformed.status()).toBe(400);
    const invalid = await request.post("/api/free-trial", { data: { firstName: "", email: 5 } });
    expect(invalid.status()).toBe(400);
    expect((await invalid.json()).errors).toMatchObject({
      firstName: "First name must be at least 2 characters",
      email: "Please enter a valid email address",
    });
  });
});

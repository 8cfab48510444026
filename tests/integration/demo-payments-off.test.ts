import { POST as confirmRoute } from "@/app/api/demo-payments/stripe/confirm/route";
import { GET as scriptRoute } from "@/app/api/demo-payments/stripe.js/route";
import { demoPaymentsWanted } from "@/lib/env/payments";
import { checkEnvironmentAtStart } from "@/lib/env/check-at-start";
import { publicPaymentConfig } from "@/lib/payments/public-config";
import { postRequest } from "../helpers/requests";
import { setupTestDatabase } from "../helpers/test-database";

/**
 * Without DEMO_PAYMENTS (production, or test keys of a real provider) the demo routes do not
 * exist and checkouts show no demo notice; with live keys demo payments never turn on
 * (docs/billing.md "Demo payments").
 */
setupTestDatabase();

it("answers 404 to the demo card form and its confirm, and the checkout config has no demo", async () => {
  expect(publicPaymentConfig().demo).toBeNull();
  expect((await scriptRoute(new Request("http://localhost/api/demo-payments/stripe.js"))).status).toBe(404);
  const confirm = await confirmRoute(postRequest("/api/demo-payments/stripe/confirm", { clientSecret: "pi_1_secret_2", number: "4242424242424242" }));
  expect(confirm.status).toBe(404);
  expect(await confirm.json()).toEqual({ error: "Demo payments are not on for this server." });
});

describe("with live keys", () => {
  const saved = { ...process.env };
  const live = {
    EBOOK_DEMO_MODE: "true",
    STRIPE_SECRET_KEY: "sk_live_realshop",
    NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "pk_live_realshop",
    STRIPE_WEBHOOK_SECRET: "whsec_realshop",
  };
  afterEach(() => {
    process.env = { ...saved };
    jest.restoreAllMocks();
  });

  it("npm run app does not start the demo payment server", () => {
    expect(demoPaymentsWanted({ ...saved, ...live })).toBe(false);
    expect(demoPaymentsWanted({ ...saved, ...live, STRIPE_SECRET_KEY: undefined, NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: undefined, PAYPAL_ENV: "live" })).toBe(false);
  });

  it("the server refuses to start when DEMO_PAYMENTS is forced on, naming it, even pointed at a local server", () => {
    process.env = { ...saved, ...live, DEMO_PAYMENTS: "true", STRIPE_API_URL: "http://127.0.0.1:3091" };
    const errors: string[] = [];
    jest.spyOn(console, "error").mockImplementation((message: unknown) => void errors.push(String(message)));
    const exit = jest.spyOn(process, "exit").mockImplementation(((code?: number) => {
      throw new Error(`exit ${code}`);
    }) as typeof process.exit);
    expect(() => checkEnvironmentAtStart()).toThrow("exit 1");
    expect(exit).toHaveBeenCalledWith(1);
    expect(errors.join("\n")).toMatch(/DEMO_PAYMENTS: demo payments cannot run with live payment keys/);
    expect((globalThis as { __tariffwatchEnv?: unknown }).__tariffwatchEnv).toBeUndefined();
  });
});

import { POST as confirmRoute } from "@/app/api/demo-payments/stripe/confirm/route";
import { GET as scriptRoute } from "@/app/api/demo-payments/stripe.js/route";
import { publicPaymentConfig } from "@/lib/payments/public-config";
import { postRequest } from "../helpers/requests";
import { setupTestDatabase } from "../helpers/test-database";

/** Without DEMO_PAYMENTS (production, or test keys of a real provider) the demo routes do not exist and checkouts show no demo notice. */
setupTestDatabase();

it("answers 404 to the demo card form and its confirm, and the checkout config has no demo", async () => {
  expect(publicPaymentConfig().demo).toBeNull();
  expect((await scriptRoute(new Request("http://localhost/api/demo-payments/stripe.js"))).status).toBe(404);
  const confirm = await confirmRoute(postRequest("/api/demo-payments/stripe/confirm", { clientSecret: "pi_1_secret_2", number: "4242424242424242" }));
  expect(confirm.status).toBe(404);
  expect(await confirm.json()).toEqual({ error: "Demo payments are not on for this server." });
});

import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests in a real Chromium against a production build (`next build` runs
 * before, in `npm test`). Uses Debian's /usr/bin/chromium when present (machines without
 * internet cannot download Playwright's own browser), else Playwright's browser.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
// The government API stand-in the e2e server points at (scripts/e2e-server.mjs: PORT + 99).
process.env.E2E_FAKE_GOV_PORT ??= String(PORT + 99);
// The admin the e2e server creates (scripts/e2e-server.mjs) and e2e/admin.spec.ts signs in as:
// a new random password each run, set here once and inherited by the server and the workers.
process.env.E2E_ADMIN_USERNAME ??= "e2e-admin";
process.env.E2E_ADMIN_PASSWORD ??= `e2e-${randomBytes(24).toString("base64url")}`;
const systemChromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Recording a trace of every test costs the browser about 15% more CPU (measured: 3 specs,
    // 36 tests, 50 s -> 42 s without), and CI's time is all CPU (docs/performance.md, "CI
    // time"). CI keeps a screenshot of a failure; a trace is one variable away:
    // E2E_TRACE=retain-on-failure (or on). Local runs keep traces of failures.
    trace: (process.env.E2E_TRACE as "on" | "off" | "retain-on-failure" | undefined) ?? (process.env.CI ? "off" : "retain-on-failure"),
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: systemChromium
          ? {
              executablePath: systemChromium,
              args: [
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--disable-quic",
              ],
            }
          : {},
      },
    },
  ],
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `http://127.0.0.1:${PORT}/api/newsletter/stats`,
    env: { PORT: String(PORT) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
  },
});

import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers";

/**
 * The developer pages /multimedia-test and /test-fixes (docs/product-rules.md §2): public, noindex,
 * no network calls. Tones are observed by recording the oscillator frequencies the page
 * starts (the real Web Audio API runs; headless Chromium plays into a null sink).
 */

const START = new Date("2026-06-01T12:00:00Z");
const LATER = new Date("2026-06-01T13:00:00Z");

/** Records the frequency of every oscillator started in the page. */
async function recordTones(page: Page) {
  await page.addInitScript(() => {
    const tones: number[] = [];
    Object.defineProperty(window, "__tones", { value: tones });
    if (typeof OscillatorNode === "undefined") return;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, when?: number) {
      tones.push(this.frequency.value);
      return start.call(this, when);
    };
  });
}
const tones = (page: Page) => page.evaluate(() => [...(window as unknown as { __tones: number[] }).__tones]);

async function removeWebAudio(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(window, "AudioContext", { value: undefined, configurable: true, writable: true });
    Object.defineProperty(window, "webkitAudioContext", { value: undefined, configurable: true, writable: true });
  });
}

/** Fails the test on any request that leaves the page's own origin or hits our API. */
function watchRequests(page: Page): string[] {
  const calls: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/") || url.pathname === "/paypal/order" || !["127.0.0.1", "localhost"].includes(url.hostname)) {
      calls.push(request.url());
    }
  });
  return calls;
}

test.describe("/multimedia-test", () => {
  test("shows support, plays the three chimes and animates the chart, with no network calls", async ({ page }) => {
    await recordTones(page);
    const calls = watchRequests(page);
    const response = await page.goto("/multimedia-test");
    expect(response?.status()).toBe(200);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Multimedia Test");
    await expect(page.getByTestId("support-web-audio")).toHaveText("OK");
    await expect(page.getByTestId("support-canvas")).toHaveText("OK");

    await expect(page.getByTestId("chime-status")).toContainText("A4, C#5 and E5");
    await page.getByRole("button", { name: "Play Test Chimes" }).click();
    await expect(page.getByTestId("chime-status")).toContainText("Playing chimes");
    await expect(page.getByTestId("chime-status")).toHaveText("Chimes played. If you heard three rising tones, Web Audio works.", { timeout: 10_000 });
    expect(await tones(page)).toEqual([440, 554.37, 659.25].map((f) => Math.fround(f)));

    const chart = page.getByTestId("impact-chart");
    await expect(chart).toHaveAttribute("data-visual", "tariff-impact");
    await expect(chart.getByText("Tariff Impact Analysis", { exact: true })).toBeVisible();
    await expect(chart.locator("canvas")).toHaveAttribute("aria-label", /Tariff Impact Analysis/);
    await expect(chart).toHaveAttribute("data-animating", "true");
    await expect.poll(async () => Number(await chart.getAttribute("data-frames"))).toBeGreaterThan(5);

    await expect(page.getByTestId("expected-results").getByRole("listitem")).not.toHaveCount(0);
    await expect(page.getByTestId("troubleshooting")).toContainText("multimedia-test.html");
    await expect(page.getByTestId("static-fallback-link")).toHaveAttribute("href", "/multimedia-test.html");
    expect(calls).toEqual([]);
  });

  test("says so when Web Audio is missing", async ({ page }) => {
    await removeWebAudio(page);
    await page.goto("/multimedia-test");
    await expect(page.getByTestId("support-web-audio")).toHaveText("Missing");
    await expect(page.getByTestId("support-canvas")).toHaveText("OK");
    await page.getByRole("button", { name: "Play Test Chimes" }).click();
    await expect(page.getByTestId("chime-status")).toHaveText("Web Audio API not supported");
  });

  test("the chart pauses and plays", async ({ page }) => {
    await page.clock.install({ time: START });
    await page.goto("/multimedia-test");
    const chart = page.getByTestId("impact-chart");
    await expect(chart).toHaveAttribute("data-animating", "true");
    await page.clock.pauseAt(LATER);
    await page.getByRole("button", { name: "Pause Animation" }).click();
    await expect(chart).toHaveAttribute("data-animating", "false");
    const paused = Number(await chart.getAttribute("data-frames"));
    await page.clock.runFor(1000);
    expect(Number(await chart.getAttribute("data-frames"))).toBe(paused);
    await page.getByRole("button", { name: "Play Animation" }).click();
    await page.clock.runFor(500);
    expect(Number(await chart.getAttribute("data-frames"))).toBeGreaterThan(paused);
  });

  test("the static fallback page runs the same checks", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    const response = await page.goto("/multimedia-test.html");
    expect(response?.status()).toBe(200);
    await expect(page.locator("#audio-support")).toHaveText("OK");
    await expect(page.locator("#canvas-support")).toHaveText("OK");
    await page.getByRole("button", { name: "Play Test Chimes" }).click();
    await expect(page.locator("#chime-status")).toHaveText("Chimes played. If you heard three rising tones, Web Audio works.", { timeout: 10_000 });
    await page.getByRole("button", { name: "Pause Animation" }).click();
    await expect(page.getByRole("button", { name: "Play Animation" })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("has no serious accessibility violations", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/multimedia-test");
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("/test-fixes", () => {
  test("compares the fixed and original players for chapter 7 (default) and 8", async ({ page }) => {
    await recordTones(page);
    const calls = watchRequests(page);
    const logs: string[] = [];
    page.on("console", (m) => logs.push(m.text()));
    const response = await page.goto("/test-fixes");
    expect(response?.status()).toBe(200);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByRole("link", { name: "Back to E-book" })).toHaveAttribute("href", "/tariffs-ebook");
    await expect(page.getByRole("button", { name: "Chapter 7" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: "Chapter 8" })).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByTestId("selected-chapter")).toHaveText("Testing Chapter 7: Community Shopping and Group Buying");

    const fixed = page.getByTestId("fixed-column");
    await expect(fixed.getByRole("heading", { name: "Fixed" })).toBeVisible();
    await expect(fixed.getByRole("tab")).toHaveText(["Audio", "Video"]);
    const fixedViz = page.getByTestId("fixed-visualization");
    await expect(fixedViz).toHaveAttribute("data-visual", "chapter-7");
    await expect(fixedViz).toHaveAttribute("data-animating", "true");
    await fixed.getByRole("button", { name: "Pause Visualization" }).click();
    await expect(fixedViz).toHaveAttribute("data-animating", "false");
    await fixed.getByRole("button", { name: "Play Visualization" }).click();
    await expect(fixedViz).toHaveAttribute("data-animating", "true");
    await expect(fixed.getByRole("button", { name: "Refresh visualization" })).toBeEnabled();
    await fixed.getByRole("button", { name: "Refresh visualization" }).click();
    await fixed.getByRole("tab", { name: "Audio" }).click();
    await expect(page.getByTestId("fixed-audio-placeholder")).toContainText("Audio is disabled");
    await expect(fixedViz).toHaveAttribute("data-animating", "false");

    const original = page.getByTestId("original-column");
    await expect(original.getByRole("heading", { name: "Original" })).toBeVisible();
    await expect(page.getByTestId("original-audio-disabled")).toContainText("Audio disabled");
    const originalViz = page.getByTestId("original-visualization");
    await expect(originalViz).toHaveAttribute("data-visual", "chapter-7");
    await original.getByRole("button", { name: "Pause", exact: true }).click();
    await expect(originalViz).toHaveAttribute("data-animating", "false");
    await original.getByRole("button", { name: "Play", exact: true }).click();
    await expect(originalViz).toHaveAttribute("data-animating", "true");

    await original.getByRole("button", { name: "Test Console" }).click();
    await expect.poll(() => logs.some((l) => l.startsWith("[test-fixes] Chapter 7"))).toBe(true);

    await original.getByRole("button", { name: "Play Test Tone (440 Hz)" }).click();
    await expect(page.getByTestId("original-status")).toHaveText("Played the 440 Hz test tone.", { timeout: 10_000 });

    await page.getByRole("button", { name: "Chapter 8" }).click();
    await expect(page.getByRole("button", { name: "Chapter 8" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("selected-chapter")).toHaveText("Testing Chapter 8: Making Informed Shopping Decisions");
    await expect(page.getByTestId("fixed-visualization")).toHaveAttribute("data-visual", "chapter-8");
    await expect(page.getByTestId("original-visualization")).toHaveAttribute("data-visual", "chapter-8");
    await original.getByRole("button", { name: "Play Test Tone (523 Hz)" }).click();
    await expect(page.getByTestId("original-status")).toHaveText("Played the 523 Hz test tone.", { timeout: 10_000 });
    expect(await tones(page)).toEqual([440, 523]);

    await expect(page.getByTestId("testing-instructions")).toContainText("Testing instructions");
    expect(calls).toEqual([]);
  });

  test("has no serious accessibility violations", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/test-fixes");
    await expectNoSeriousA11yViolations(page);
  });
});

// A page in Chromium as the diagnostics below measure one: a phone's screen (412x823, touch)
// and a phone's CPU (4x slower, as Lighthouse's mobile audit). Used by
// scripts/bench/long-tasks.mjs and scripts/bench/cpu-by-source.mjs.
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

/** Opens one; returns the browser (close it when done), the page and its DevTools session. */
export async function openPhonePage() {
  // Debian's Chromium when present (as playwright.config.ts), else Playwright's own.
  const executablePath = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));
  const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu"] });
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  return { browser, page, cdp };
}

import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** A unique email per test run, so reruns against one server never collide. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Runs axe and fails on serious or critical violations, listing them. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // Judge the page as people see it once entrance animations end (contrast mid-fade is not real).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

/** The toast on screen (at most one is shown). */
export function toast(page: Page) {
  return page.getByTestId("toast");
}

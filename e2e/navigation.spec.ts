import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, toast, uniqueEmail } from "./helpers";

/**
 * Navigation on every screen size (docs/experience.md "Navigation"): the
 * menu below the tablet breakpoint, tap-target sizes, the focus ring on dark sections, and
 * toasts that cover neither the header nor the form they report on.
 */

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1440, height: 900 };

type LinkInfo = { name: string; href: string };

/** Name and href of each link in `scope`, in document order (hidden ones too). */
async function linksIn(scope: Locator): Promise<LinkInfo[]> {
  return scope.locator("a[href]").evaluateAll((links) =>
    links.map((a) => ({ name: (a.textContent ?? "").replace(/\s+/g, " ").trim(), href: a.getAttribute("href") ?? "" })),
  );
}

/** The element that has focus: inside the menu sheet or not, and its test id. */
async function focused(page: Page): Promise<{ inSheet: boolean; testId: string | null; tag: string }> {
  return page.evaluate(() => {
    const el = document.activeElement;
    return {
      inSheet: Boolean(el?.closest('[data-testid="menu-sheet"]')),
      testId: el?.getAttribute("data-testid") ?? null,
      tag: el?.tagName ?? "",
    };
  });
}

/** Presses Tab until the menu button has focus (at most 10 times). */
async function tabToMenuButton(page: Page): Promise<void> {
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press("Tab");
    if ((await focused(page)).testId === "menu-button") return;
  }
  throw new Error("Tab never reached the menu button");
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  Math.min(a.x + a.width, b.x + b.width) > Math.max(a.x, b.x) && Math.min(a.y + a.height, b.y + b.height) > Math.max(a.y, b.y);

/** WCAG relative-luminance contrast of two computed "rgb(r, g, b)" colours. */
function contrast(a: string, b: string): number {
  const lum = (css: string) => {
    const [r = 0, g = 0, bl = 0] = (css.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const hi = Math.max(lum(a), lum(b));
  const lo = Math.min(lum(a), lum(b));
  return (hi + 0.05) / (lo + 0.05);
}

test.describe("navigation on a phone (390 x 844)", () => {
  test.use({ viewport: PHONE });

  test("the header has a menu button instead of the desktop links, and no horizontal scroll", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(page.getByTestId("menu-button")).toBeVisible();
    await expect(page.getByTestId("menu-button")).toHaveAccessibleName("Menu");
    await expect(page.getByTestId("menu-button")).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByTestId("header-links")).toBeHidden();
    await expect(nav.getByRole("link", { name: "Start Free Trial" })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });

  test("the menu works by keyboard: Enter opens it, Tab stays inside, Escape closes it and focus returns", async ({ page }) => {
    await page.goto("/");
    const button = page.getByTestId("menu-button");
    await tabToMenuButton(page);
    await page.keyboard.press("Enter");

    const sheet = page.getByRole("dialog", { name: "Menu" });
    await expect(sheet).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(button).toHaveAttribute("aria-controls", (await sheet.getAttribute("id"))!);
    expect((await focused(page)).inSheet).toBe(true);

    // Tab twice around the whole menu, then Shift+Tab: focus never leaves it.
    const stops = await sheet.locator("a[href], button").count();
    for (let i = 0; i < stops * 2; i++) {
      await page.keyboard.press("Tab");
      expect((await focused(page)).inSheet, `after Tab ${i + 1}`).toBe(true);
    }
    for (let i = 0; i < stops; i++) {
      await page.keyboard.press("Shift+Tab");
      expect((await focused(page)).inSheet, `after Shift+Tab ${i + 1}`).toBe(true);
    }

    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();
  });

  test("the menu has the desktop header's links plus Sign in and Account", async ({ page }) => {
    await page.goto("/");
    const trial = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Start Free Trial" });
    const desktop = [...(await linksIn(page.getByTestId("header-links"))), { name: "Start Free Trial", href: (await trial.getAttribute("href"))! }];
    // The header's own links, hidden at this width, are the ones the desktop shows.
    expect(desktop.map((l) => l.name)).toEqual(["Features", "Pricing", "Market Alerts", "E-book", "Contact", "Start Free Trial"]);
    await page.getByTestId("menu-button").click();
    const sheet = page.getByRole("dialog", { name: "Menu" });
    await expect(sheet).toBeVisible();
    const inMenu = await linksIn(sheet);
    expect(inMenu).toEqual([...desktop, { name: "Sign in", href: "/sign-in" }, { name: "Account", href: "/account" }]);
  });

  test("a menu link navigates and closes the menu; an anchor link scrolls to its section", async ({ page }) => {
    await page.goto("/");
    const button = page.getByTestId("menu-button");
    const sheet = page.getByRole("dialog", { name: "Menu" });

    await button.click();
    await sheet.getByRole("link", { name: "Pricing" }).click();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(/\/#pricing$/);
    await expect(page.locator("#pricing")).toBeInViewport();
    await expect(button).toBeFocused();

    await button.click();
    await sheet.getByRole("link", { name: "Market Alerts" }).click();
    // The public dashboard for everyone, subscribers too (proxy.ts shows a subscriber's own alerts at a bare /alerts).
    await expect(page).toHaveURL(/\/alerts\?view=market$/);
    await expect(sheet).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("the slim inner-page header has the same menu", async ({ page }) => {
    await page.goto("/calculator");
    await page.getByTestId("menu-button").click();
    const sheet = page.getByRole("dialog", { name: "Menu" });
    await expect(sheet.getByRole("link", { name: "Features" })).toHaveAttribute("href", "/#features");
    await expect(sheet.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/sign-in");
    await sheet.getByRole("link", { name: "Account" }).click();
    // No session: the proxy sends the visitor to sign in, and back to the account afterwards.
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Faccount$/);
  });

  for (const path of ["/", "/calculator"]) {
    test(`axe finds nothing serious or critical with the menu open on ${path}`, async ({ page }, testInfo) => {
      await page.goto(path);
      await page.getByTestId("menu-button").click();
      await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
      await testInfo.attach(`menu-open-390${path === "/" ? "-home" : path.replace(/\//g, "-")}.png`, {
        body: await page.screenshot(),
        contentType: "image/png",
      });
      await expectNoSeriousA11yViolations(page);
    });
  }

  test("the header fits from a 320 px phone to the tablet breakpoint", async ({ page }) => {
    for (const width of [320, 360, 375, 768]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ["/", "/calculator"]) {
        await page.goto(path);
        const header = page.locator("header").first();
        const overflow = await header.evaluate((h) =>
          Math.max(0, ...[...h.querySelectorAll("a, button")].map((el) => el.getBoundingClientRect().right - window.innerWidth)),
        );
        expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
        if (width < 768 || path !== "/") await expect(page.getByTestId("menu-button"), `${path} at ${width} px`).toBeVisible();
      }
    }
  });

  test("header and footer links, the menu's and the inner-page header's are at least 24 x 24 px", async ({ page }) => {
    const tooSmall = async (scope: Locator) => {
      const small: string[] = [];
      // The skip link is a 1 px sr-only element until it has focus (checked below).
      for (const target of await scope.locator("a[href]:not(.sr-only), button").all()) {
        if (!(await target.isVisible())) continue;
        const box = (await target.boundingBox())!;
        if (box.width < 24 || box.height < 24) {
          small.push(`${(await target.textContent())?.trim() || (await target.getAttribute("aria-label"))}: ${box.width}x${box.height}`);
        }
      }
      return small;
    };
    await page.goto("/");
    expect(await page.locator("header").first().locator("a[href], button").count()).toBeGreaterThan(2);
    expect(await tooSmall(page.locator("header").first())).toEqual([]);
    const footer = page.getByRole("contentinfo");
    expect(await footer.locator("a[href]").count()).toBeGreaterThanOrEqual(10);
    expect(await tooSmall(footer)).toEqual([]);
    await page.keyboard.press("Tab");
    const skip = await page.getByRole("link", { name: "Skip to content" }).boundingBox();
    expect(skip!.width).toBeGreaterThanOrEqual(24);
    expect(skip!.height).toBeGreaterThanOrEqual(24);
    await page.getByTestId("menu-button").click();
    expect(await tooSmall(page.getByRole("dialog", { name: "Menu" }))).toEqual([]);

    await page.goto("/calculator");
    expect(await tooSmall(page.locator("header").first())).toEqual([]);
  });

  test("the focus ring keeps 3:1 contrast on the dark footer and on the white header", async ({ page }) => {
    await page.goto("/");
    const ring = async (target: Locator) => {
      await target.focus();
      return target.evaluate((el) => {
        const style = getComputedStyle(el);
        let bg = "rgba(0, 0, 0, 0)";
        for (let node: Element | null = el; node; node = node.parentElement) {
          const c = getComputedStyle(node).backgroundColor;
          if (c !== "rgba(0, 0, 0, 0)" && c !== "transparent") {
            bg = c;
            break;
          }
        }
        return {
          focusVisible: el.matches(":focus-visible"),
          outline: `${style.outlineStyle} ${style.outlineWidth}`,
          outlineColor: style.outlineColor,
          halo: style.boxShadow,
          background: bg,
        };
      });
    };
    const footerLink = await ring(page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }));
    expect(footerLink.focusVisible).toBe(true);
    expect(footerLink.outline).toBe("solid 2px");
    // The light band inside the outline carries the contrast on navy.
    const halo = footerLink.halo.match(/rgba?\([^)]*\)/)?.[0] ?? "";
    expect(footerLink.halo).toMatch(/0px 0px 0px 2px/);
    expect(contrast(halo, footerLink.background)).toBeGreaterThanOrEqual(3);

    await page.setViewportSize(LAPTOP);
    const headerLink = await ring(page.getByTestId("header-links").getByRole("link", { name: "Pricing" }));
    expect(headerLink.focusVisible).toBe(true);
    // The outline carries it on white.
    expect(contrast(headerLink.outlineColor, "rgb(255, 255, 255)")).toBeGreaterThanOrEqual(3);
  });

  test.describe("toasts", () => {
    test.use({ reducedMotion: "reduce" });

    for (const where of ["at the bottom of the screen", "just below the header"] as const) {
      test(`a toast covers neither the header nor the newsletter form ${where}`, async ({ page }) => {
        await page.goto("/");
        const form = page.getByTestId("newsletter-form");
        await form.scrollIntoViewIfNeeded();
        await expect(page.getByTestId("newsletter-submit")).toBeEnabled();
        // The form's bottom 24 px above the bottom of the window, or its top 16 px below the header.
        await page.evaluate((atBottom) => {
          const box = document.querySelector('[data-testid="newsletter-form"]')!.getBoundingClientRect();
          const by = atBottom ? box.bottom - (window.innerHeight - 24) : box.top - (64 + 16);
          window.scrollTo({ top: window.scrollY + by, behavior: "instant" });
        }, where === "at the bottom of the screen");
        await form.getByPlaceholder("Enter your email address").fill(uniqueEmail("nav-toast"));
        await form.getByRole("button", { name: "Subscribe" }).click();
        await expect(toast(page)).toContainText("Welcome to TariffWatch!");

        const toastBox = (await toast(page).boundingBox())!;
        const headerBox = (await page.locator("header").first().boundingBox())!;
        const formBox = (await form.boundingBox())!;
        expect(toastBox.y).toBeGreaterThanOrEqual(0);
        expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(PHONE.height);
        expect(overlaps(toastBox, headerBox), `toast ${JSON.stringify(toastBox)} header ${JSON.stringify(headerBox)}`).toBe(false);
        expect(overlaps(toastBox, formBox), `toast ${JSON.stringify(toastBox)} form ${JSON.stringify(formBox)}`).toBe(false);
        // Above the form when the form is low on the screen (just below the header), else at the bottom.
        if (where === "at the bottom of the screen") {
          expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(formBox.y);
          expect(toastBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
        } else {
          expect(toastBox.y).toBeGreaterThanOrEqual(formBox.y + formBox.height);
        }
      });
    }
  });
});

test.describe("navigation on a laptop (1440 x 900)", () => {
  test.use({ viewport: LAPTOP });

  test("the header shows its links and Sign in, and no menu button", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Features", "Pricing", "Market Alerts", "E-book", "Contact", "Sign in", "Start Free Trial"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(page.getByTestId("menu-button")).toBeHidden();
    for (const link of await nav.getByRole("link").all()) {
      const box = (await link.boundingBox())!;
      expect(Math.min(box.width, box.height), (await link.textContent()) ?? "").toBeGreaterThanOrEqual(24);
    }
    await expectNoHorizontalScroll(page);
  });

  test("inner pages keep their menu button, which opens the same links", async ({ page }) => {
    await page.goto("/calculator");
    await page.getByTestId("menu-button").click();
    const sheet = page.getByRole("dialog", { name: "Menu" });
    await expect(sheet.getByRole("link")).toHaveCount(8);
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("menu-button")).toBeFocused();
  });

  test("a toast covers neither the header nor the newsletter form", async ({ page }) => {
    await page.goto("/");
    const form = page.getByTestId("newsletter-form");
    await form.scrollIntoViewIfNeeded();
    await expect(page.getByTestId("newsletter-submit")).toBeEnabled();
    await page.evaluate(() => {
      const box = document.querySelector('[data-testid="newsletter-form"]')!.getBoundingClientRect();
      window.scrollTo({ top: window.scrollY + box.bottom - (window.innerHeight - 24), behavior: "instant" });
    });
    await form.getByPlaceholder("Enter your email address").fill(uniqueEmail("nav-toast-wide"));
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(toast(page)).toContainText("Welcome to TariffWatch!");
    const toastBox = (await toast(page).boundingBox())!;
    expect(overlaps(toastBox, (await page.locator("header").first().boundingBox())!)).toBe(false);
    expect(overlaps(toastBox, (await form.boundingBox())!)).toBe(false);
  });
});

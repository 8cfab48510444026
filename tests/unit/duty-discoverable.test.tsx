/**
 * @jest-environment jsdom
 */
import { render, screen, within } from "@testing-library/react";
import sitemap from "@/app/sitemap";
import { SiteFooter } from "@/components/site/site-footer";
import { VISITOR_PAGES } from "@/lib/public-pages.mjs";

// The public duty lookup is reachable from every page's footer and listed for search engines
// (docs/tariffs.md "Duty lookup").
describe("the duty lookup page can be found", () => {
  it("is linked from the footer's product links", () => {
    render(<SiteFooter />);
    const product = screen.getByRole("heading", { name: "Product" }).nextElementSibling as HTMLElement;
    const link = within(product).getByRole("link", { name: "Duty Lookup" });
    expect(link.getAttribute("href")).toBe("/duty");
  });

  it("is in sitemap.xml beside the prerendered public pages", () => {
    const urls = sitemap().map((entry) => new URL(entry.url).pathname);
    expect(urls).toContain("/duty");
    expect(urls).toEqual(expect.arrayContaining(["/", "/alerts", "/calculator", "/privacy", "/terms"]));
    expect(new Set(urls).size).toBe(urls.length);
  });

  it("is not loaded by the bench as a static page (it is rendered per request)", () => {
    expect(VISITOR_PAGES).not.toContain("/duty");
  });
});

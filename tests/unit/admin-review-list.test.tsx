import { renderToStaticMarkup } from "react-dom/server";
import { ReviewList } from "@/components/admin/tariffs/review-list";
import type { ReviewRow } from "@/lib/admin/tariff-overview";
import { diffRows, type LineChange } from "@/lib/tariffs/hts-diff";

jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => undefined }) }));

// The /admin/tariffs queue (docs/tariffs.md, "HTS revisions"): an HTS revision change shows its
// before/after and an Approve button; a Federal Register document keeps "Mark done".
const change: LineChange = {
  hts8: "64039960",
  code: "6403.99.60",
  change: "changed",
  fields: ["general"],
  before: { code: "6403.99.60", description: "For men, youths and boys", descriptionPath: "Footwear > Other", generalRateText: "8.5%", generalAdValorem: 0.085, ch99Refs: ["9903.88.15"] },
  after: { code: "6403.99.60", description: "For men, youths and boys", descriptionPath: "Footwear > Other", generalRateText: "10%", generalAdValorem: 0.1, ch99Refs: ["9903.88.15"] },
  lines: [{ code: "6403.99.60", digits: "64039960", description: "For men, youths and boys", descriptionPath: "Footwear > Other", generalRateText: "10%", generalAdValorem: 0.1, ch99Refs: ["9903.88.15"], units: [] }],
  previousCodes: ["6403.99.60"],
};
const base = { url: "https://hts.usitc.gov/search?query=6403.99.60", publishedAt: "2026-07-01T00:00:00.000Z", status: "to-review", resolvedAt: null, resolvedBy: null, measureIds: [] };
const hts: ReviewRow = {
  ...base,
  id: "11111111-1111-1111-1111-111111111111",
  documentNumber: "hts:2026_rev_11:6403.99.60",
  title: "HTS 2026 Revision 11: 6403.99.60: general rate 8.5% → 10%",
  kind: "hts-line",
  releaseId: "2026_rev_11",
  hts: "6403.99.60",
  diff: diffRows("hts-line", change),
};
const fr: ReviewRow = { ...base, id: "22222222-2222-2222-2222-222222222222", documentNumber: "2026-22222", title: "Adjusting imports of footwear", kind: "federal-register", releaseId: null, hts: null, diff: [] };

describe("the review queue", () => {
  const html = renderToStaticMarkup(<ReviewList toReview={[hts, fr]} resolved={[]} />);

  it("shows an HTS change with its origin, a before/after table and Approve", () => {
    expect(html).toContain("HTS import, 2026_rev_11, rate line 6403.99.60 · published 2026-07-01");
    expect(html).toMatch(/<caption class="sr-only">What changes: HTS 2026 Revision 11: 6403\.99\.60: general rate 8\.5% → 10%<\/caption>/);
    expect(html).toMatch(/<th scope="row"[^>]*>General rate<\/th><td[^>]*>8\.5%<\/td><td[^>]*>10%<\/td>/);
    expect(html).toMatch(/data-testid="review-done-hts:2026_rev_11:6403\.99\.60"[^>]*>.*Approve/);
  });

  it("keeps a Federal Register document's Mark done, with no table", () => {
    expect(html).toContain("FR Doc 2026-22222 · published 2026-07-01");
    expect(html).toMatch(/data-testid="review-done-2026-22222"[^>]*>.*Mark done/);
    expect(html).not.toContain('data-testid="review-diff-2026-22222"');
  });
});

/**
 * @jest-environment jsdom
 */
import { renderToStaticMarkup } from "react-dom/server";
import { render, screen, waitFor, within } from "@testing-library/react";
import { SWRConfig } from "swr";
import { AddCategoryForm } from "@/components/watchlist/add-category-form";
import { AddItemForm } from "@/components/watchlist/add-item-form";

jest.mock("next/navigation", () => ({ useRouter: () => ({ push: jest.fn(), refresh: jest.fn() }) }));

/**
 * The watchlist's add forms draw their pickers in the browser (docs/performance.md, "Pickers
 * filled in the browser"): the server renders none of the categories or countries into the
 * page; in the browser the categories come from GET /api/categories, once for both forms, and
 * the subscriber's watched categories are shown "(watched)" and cannot be picked again.
 */
const CATEGORIES = [
  { id: "footwear", name: "Footwear", kind: "curated" },
  { id: "toys", name: "Toys", kind: "curated" },
  { id: "hs_ch44", name: "Wood and articles of wood", kind: "hs_chapter" },
];

function answerCategories() {
  // jsdom has no Response: answer with the part of it the client reads.
  const fetchMock = jest.fn(async () => ({ ok: true, status: 200, json: async () => CATEGORIES }));
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

const itemProps = { customThresholds: false, defaultThreshold: 5, thresholdPlan: "Consumer Plan", dollarsPlan: null, defaultHorizon: 180 };

describe("the watch forms' pickers", () => {
  it("are not rendered on the server: only each picker's first choice is in the page", () => {
    const html = renderToStaticMarkup(
      <>
        <AddCategoryForm watchedIds={[]} />
        <AddItemForm {...itemProps} />
      </>,
    );
    expect(html).toContain("Choose a category…");
    expect(html).toContain("Not known: use the sector&#x27;s import mix");
    expect(html).not.toContain("Footwear");
    expect(html).not.toContain(">Vietnam<");
    expect(html).toContain('aria-busy="true"');
  });

  it("fill in the browser: categories fetched once for both forms, watched ones marked and disabled, countries listed", async () => {
    const fetchMock = answerCategories();
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <AddCategoryForm watchedIds={["footwear"]} />
        <AddItemForm {...itemProps} />
      </SWRConfig>,
    );
    const category = screen.getByLabelText("Category");
    await waitFor(() => expect(category).toHaveAttribute("aria-busy", "false"));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(within(category).getByRole("option", { name: "Footwear (watched)" })).toBeDisabled();
    expect(within(category).getByRole("option", { name: "Toys" })).toBeEnabled();
    expect(within(category).getByRole("group", { name: "Every other product, by HS chapter or heading" })).toHaveTextContent("Wood and articles of wood");

    const itemCategory = screen.getByLabelText("…or choose its category");
    expect(within(itemCategory).getByRole("option", { name: "Footwear" })).toBeEnabled();
    expect(within(screen.getByLabelText("Made in (if known)")).getByRole("option", { name: "Vietnam" })).toHaveValue("VN");
  });
});

/**
 * @jest-environment jsdom
 */
import { render, screen, within } from "@testing-library/react";
import { chapterCardParts } from "@/components/ebook/chapter-icon";
import { ChapterLibrary } from "@/components/ebook/chapter-library";
import { libraryChapters } from "@/components/ebook/library-data";
import { CHAPTERS } from "@/lib/ebook/chapters";

/** Each card's icon, as the page renders them on the server. */
const PARTS = chapterCardParts(CHAPTERS);

/**
 * The library's locks (docs/product-rules.md §D6): with demo mode off, chapters open only with an
 * access level. The e2e server runs in demo mode, so the locked cards are checked here.
 */
describe("chapter library locks", () => {
  it("sends no content for locked chapters", () => {
    const chapters = libraryChapters([1, 2, 3]);
    expect(chapters.map((c) => c.content !== null)).toEqual([true, true, true, false, false, false, false, false, false]);
    expect(JSON.stringify(chapters.slice(3))).not.toContain(CHAPTERS[3]!.transcript.slice(0, 40));
    expect(chapters[0]!.content?.narrator.volume).toBe(0.8);
  });

  it("with no access: 1-3 point to the free preview, 4-9 to the purchase", () => {
    render(<ChapterLibrary chapters={libraryChapters([])} parts={PARTS} />);
    expect(screen.queryAllByRole("button", { name: "Open Chapter" })).toHaveLength(0);
    for (const c of CHAPTERS) {
      const card = screen.getByTestId(`chapter-card-${c.id}`);
      expect(card).toHaveAttribute("data-locked", "true");
      expect(within(card).getByRole("heading", { level: 3 })).toHaveTextContent(`Chapter ${c.id}: ${c.title}`);
      const link = c.id <= 3
        ? within(card).getByRole("link", { name: "Sign up for the free preview above" })
        : within(card).getByRole("link", { name: "Get the complete guide" });
      expect(link).toHaveAttribute("href", c.id <= 3 ? "#preview-signup" : "/checkout-ebook-paypal");
    }
  });

  it("with the preview: 1-3 open, 4-9 locked", () => {
    render(<ChapterLibrary chapters={libraryChapters([1, 2, 3])} parts={PARTS} />);
    expect(screen.getAllByRole("button", { name: "Open Chapter" })).toHaveLength(3);
    expect(screen.getAllByRole("link", { name: "Get the complete guide" })).toHaveLength(6);
    expect(screen.queryByRole("link", { name: "Sign up for the free preview above" })).toBeNull();
  });

  it("with everything unlocked: nine Open Chapter buttons and the Interactive badges on 1, 2, 3, 5, 8", () => {
    render(<ChapterLibrary chapters={libraryChapters(CHAPTERS.map((c) => c.id))} parts={PARTS} />);
    expect(screen.getAllByRole("button", { name: "Open Chapter" })).toHaveLength(9);
    const interactive = CHAPTERS.filter((c) => within(screen.getByTestId(`chapter-card-${c.id}`)).queryByText("Interactive")).map((c) => c.id);
    expect(interactive).toEqual([1, 2, 3, 5, 8]);
  });
});

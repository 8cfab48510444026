import {
  CHAPTERS,
  getChapter,
  NARRATOR_PROFILES,
  narratorFor,
  parseDuration,
  estimateSpeechSeconds,
  formatDuration,
  type Chapter,
} from "@/lib/ebook/chapters";
import { WORDS_PER_MINUTE } from "@/lib/ebook/narration";
import { PASS_THROUGH } from "@/lib/tariffs/pass-through";
import { percentOnShelfAfter } from "@/lib/tariffs/shelf-timing";

/** The spec's chapter table (section 3), with the seconds worked out by hand. */
const TABLE: ReadonlyArray<{ id: number; title: string; duration: string; seconds: number; chart: boolean }> = [
  { id: 1, title: "What are Tariffs and Why Should You Care?", duration: "8:45", seconds: 525, chart: true },
  { id: 2, title: "How Tariffs Work - From Port to Your Pocket", duration: "12:30", seconds: 750, chart: true },
  { id: 3, title: "The Real Cost - Understanding Tariff Impact", duration: "15:20", seconds: 920, chart: true },
  { id: 4, title: "Smart Shopping - Product Research Strategies", duration: "18:15", seconds: 1095, chart: false },
  { id: 5, title: "Budget Planning in a Tariff World", duration: "14:45", seconds: 885, chart: true },
  { id: 6, title: "Finding Alternatives and Local Options", duration: "16:30", seconds: 990, chart: false },
  { id: 7, title: "Community Shopping and Group Buying", duration: "13:20", seconds: 800, chart: false },
  { id: 8, title: "Making Informed Shopping Decisions", duration: "17:50", seconds: 1070, chart: true },
  { id: 9, title: "Your Tariff Journey - Moving Forward", duration: "19:15", seconds: 1155, chart: false },
];

const ICONS = ["landmark", "ship", "calculator", "search", "wallet", "map-pin", "users", "scale", "compass"];

const words = (text: string): number => text.trim().split(/\s+/).length;

const kebab = (title: string): string =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

function chapterById(id: number): Chapter {
  const chapter = getChapter(id);
  if (!chapter) throw new Error(`chapter ${id} missing`);
  return chapter;
}

const allTranscripts = (): string => CHAPTERS.map((c) => c.transcript).join("\n\n");

describe("e-book chapters: table integrity", () => {
  it("has exactly nine chapters with ids 1-9 in order", () => {
    expect(CHAPTERS).toHaveLength(9);
    expect(CHAPTERS.map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  // docs/experience.md "/tariffs-ebook": the length is computed from the transcript (words / speaking rate), no longer the
  // spec table's durations (8:45 ... 19:15, "2+ hours"), which the text read aloud does not fill.
  it.each(TABLE)("chapter $id matches the spec table's title and chart, with its length computed from the text", ({ id, title, chart }) => {
    const chapter = chapterById(id);
    expect(chapter.title).toBe(title);
    expect(chapter.words).toBe(words(chapter.transcript));
    expect(chapter.durationSeconds).toBe(Math.round((chapter.words / (WORDS_PER_MINUTE * narratorFor(id).rate)) * 60));
    expect(chapter.durationSeconds).toBe(estimateSpeechSeconds(chapter.transcript, narratorFor(id).rate));
    expect(chapter.durationSeconds).toBe(parseDuration(chapter.duration));
    expect(chapter.hasInteractiveChart).toBe(chart);
  });

  it("states the audio length the transcripts give: about an hour, not the spec's two", () => {
    expect(WORDS_PER_MINUTE).toBe(150);
    expect(chapterById(1)).toMatchObject({ words: 890, duration: "6:59", durationSeconds: 419 });
    const total = CHAPTERS.reduce((sum, c) => sum + c.durationSeconds, 0);
    expect(total).toBeGreaterThan(50 * 60);
    expect(total).toBeLessThan(2 * 60 * 60);
    expect(formatDuration(419)).toBe("6:59");
  });

  it("uses unique kebab-case slugs derived from the titles", () => {
    const slugs = CHAPTERS.map((c) => c.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const c of CHAPTERS) {
      expect(c.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(c.slug).toBe(kebab(c.title));
    }
  });

  it("builds audio and video URLs from id and slug", () => {
    for (const c of CHAPTERS) {
      expect(c.audioUrl).toBe(`/audio/chapter-${c.id}-${c.slug}.mp3`);
      expect(c.videoUrl).toBe(`/video/chapter-${c.id}-${c.slug}.mp4`);
    }
  });

  it("gives every chapter a known icon and a short card description", () => {
    for (const c of CHAPTERS) {
      expect(ICONS).toContain(c.icon);
      expect(c.description.trim().length).toBeGreaterThan(20);
      const sentences = c.description.split(/[.!?](?:\s|$)/).filter((s) => s.trim().length > 0);
      expect(sentences.length).toBeGreaterThanOrEqual(1);
      expect(sentences.length).toBeLessThanOrEqual(2);
    }
  });

  it("has four non-empty key points per chapter", () => {
    for (const c of CHAPTERS) {
      expect(c.keyPoints).toHaveLength(4);
      for (const point of c.keyPoints) expect(point.trim().length).toBeGreaterThan(0);
    }
  });

  it("has a chart note exactly for the chapters with an interactive chart", () => {
    for (const c of CHAPTERS) {
      if (c.hasInteractiveChart) {
        expect(typeof c.chartNote).toBe("string");
        expect(c.chartNote?.trim().length ?? 0).toBeGreaterThan(20);
      } else {
        expect(c.chartNote).toBeUndefined();
      }
    }
  });

  it("offers chapters 1-3, and only those, as the free preview", () => {
    expect(CHAPTERS.filter((c) => c.previewFree).map((c) => c.id)).toEqual([1, 2, 3]);
  });

  it("finds chapters by id", () => {
    expect(getChapter(4)?.title).toBe("Smart Shopping - Product Research Strategies");
    expect(getChapter(0)).toBeUndefined();
    expect(getChapter(10)).toBeUndefined();
  });
});

describe("e-book chapters: transcripts", () => {
  it.each(CHAPTERS.map((c) => [c.id, c] as const))("chapter %i has at least 600 words", (_id, c) => {
    expect(words(c.transcript)).toBeGreaterThanOrEqual(600);
  });

  it("are plain spoken text in blank-line-separated paragraphs", () => {
    for (const c of CHAPTERS) {
      expect(c.transcript).toBe(c.transcript.trim());
      const paras = c.transcript.split("\n\n");
      expect(paras.length).toBeGreaterThanOrEqual(6);
      for (const p of paras) {
        expect(p.trim()).toBe(p);
        expect(p.length).toBeGreaterThan(0);
        expect(p).not.toContain("\n");
        // no markdown headings, bullets, emphasis or links
        expect(p).not.toMatch(/^(?:#|[-*•]\s|\d+\.\s)/);
        expect(p).not.toMatch(/\*\*|__|\[[^\]]*\]\(/);
      }
    }
  });

  it("state the shelf timing the projections use (the engine's cited ramp), not an uncited 30-90 day lag", () => {
    // lib/tariffs/pass-through.ts: r(k) = min(1, k / 7), Fed FEDS note of 2026-04-08.
    expect(PASS_THROUGH.rampMonths).toBe(7);
    expect(percentOnShelfAfter(90)).toBe(42);
    const two = chapterById(2);
    expect(two.transcript).toMatch(/effectively complete after about 7 months/);
    expect(two.transcript).toMatch(/about 14 percent of it one month after the effective date, about 42 percent after three months, and all of it after 7/);
    expect(two.keyPoints.join(" ")).toContain("Federal Reserve research, April 2026");
    expect(chapterById(3).transcript).toMatch(/take about 7 months to absorb a tariff/);
    expect(allTranscripts()).not.toMatch(/\b30 (?:and|to) 90 days?\b|30-90/);
  });

  it("define the 3-2-1 buying rule", () => {
    expect(allTranscripts()).toContain("3-2-1");
    const research = [4, 8].map((id) => chapterById(id).transcript).join(" ");
    expect(research).toMatch(/3-2-1 buying rule/);
    expect(research).toMatch(/wait 3 days/);
    expect(research).toMatch(/compare at least 2 alternatives/i);
    expect(research).toMatch(/only the 1 option that fits your budget plan/);
  });

  it("explain the $50 decision threshold", () => {
    expect(allTranscripts()).toContain("$50");
    const research = [4, 8].map((id) => chapterById(id).transcript).join(" ");
    expect(research).toMatch(/\$50 decision threshold/);
    expect(research).toMatch(/above \$50 get the full research treatment/);
  });

  it("give group-buying savings of 15-30 percent as a range in the group-buying chapter", () => {
    const groupBuying = chapterById(7).transcript;
    expect(groupBuying).toMatch(/\b15 to 30 percent\b/);
    expect(groupBuying).toMatch(/not a promise/);
  });

  it("present household-cost figures as estimates and quote only a cited, dated rate (docs/claims.md)", () => {
    const realCost = chapterById(3).transcript;
    expect(realCost).toMatch(/treat any such figure as an estimate/);
    // The figure it does quote names its source and dates (lib/stats/tariff-facts.ts).
    expect(realCost).toMatch(/Budget Lab at Yale's Tariff Rate Tracker put the average effective tariff rate on US imports at 2\.7 percent on January 1, 2025, and at 11\.4 percent on March 26, 2026/);
    // The marketing's "$2,400 or more a year" is gone from the site, so the book no longer quotes it.
    expect(realCost).not.toMatch(/\$2,400|marketing/);
  });

  it("say who pays a tariff", () => {
    const basics = chapterById(1).transcript;
    expect(basics).toMatch(/Customs and Border Protection/);
    expect(basics).toMatch(/importer of record/);
  });
});

describe("narrator profiles", () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9])("chapter %i has a profile within the spec's ranges", (id) => {
    const profile = NARRATOR_PROFILES[id];
    expect(profile).toBeDefined();
    if (!profile) return;
    expect(profile.name.trim().length).toBeGreaterThan(0);
    expect(profile.rate).toBeGreaterThanOrEqual(0.8);
    expect(profile.rate).toBeLessThanOrEqual(0.9);
    expect(profile.pitch).toBeGreaterThanOrEqual(0.6);
    expect(profile.pitch).toBeLessThanOrEqual(1.2);
    expect(profile.volume).toBe(0.8);
    expect(narratorFor(id)).toEqual(profile);
  });

  it("has a profile only for chapters 1-9", () => {
    expect(Object.keys(NARRATOR_PROFILES).map(Number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("falls back to chapter 1's profile for an unknown chapter", () => {
    expect(narratorFor(42)).toEqual(NARRATOR_PROFILES[1]);
    expect(narratorFor(0)).toEqual(NARRATOR_PROFILES[1]);
    expect(narratorFor(Number.NaN)).toEqual(NARRATOR_PROFILES[1]);
  });
});

describe("parseDuration", () => {
  it("reads m:ss and mm:ss", () => {
    expect(parseDuration("8:45")).toBe(525);
    expect(parseDuration("19:15")).toBe(1155);
    expect(parseDuration("0:00")).toBe(0);
  });

  it("rejects malformed durations", () => {
    for (const bad of ["", "845", "8:60", "8:5", "1:02:03", "ab:cd", "-1:00"]) {
      expect(() => parseDuration(bad)).toThrow();
    }
  });
});

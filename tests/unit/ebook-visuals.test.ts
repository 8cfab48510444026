import { CHAPTERS } from "@/lib/ebook/chapters";
import { CANVAS_HEIGHT, CANVAS_WIDTH, loopPhase, resolveVisual, TARIFF_IMPACT_VISUAL, VISUALS, visualFor } from "@/components/ebook/visuals";

/** A 2D context that accepts every call and records the text drawn. */
function recordingContext(): { ctx: CanvasRenderingContext2D; texts: string[]; calls: number } {
  const texts: string[] = [];
  const state = { calls: 0 };
  const ctx = new Proxy({} as Record<string | symbol, unknown>, {
    get(target, prop) {
      if (prop in target) return target[prop];
      return (...args: unknown[]) => {
        state.calls += 1;
        if (prop === "fillText") texts.push(String(args[0]));
      };
    },
    set(target, prop, value) {
      target[prop] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
  return {
    ctx,
    texts,
    get calls() {
      return state.calls;
    },
  };
}

describe("chapter visuals", () => {
  it("has one visual per chapter, 520 x 260", () => {
    expect(CANVAS_WIDTH).toBe(520);
    expect(CANVAS_HEIGHT).toBe(260);
    expect(Object.keys(VISUALS).map(Number)).toEqual(CHAPTERS.map((c) => c.id));
    for (const c of CHAPTERS) {
      const v = visualFor(c.id);
      expect(v.id).toBe(`chapter-${c.id}`);
      expect(v.chapterId).toBe(c.id);
      expect(v.description.length).toBeGreaterThan(60);
      expect(v.staticPhase).toBeGreaterThan(0);
      expect(v.staticPhase).toBeLessThan(1);
    }
    expect(new Set(CHAPTERS.map((c) => visualFor(c.id).title)).size).toBe(9);
  });

  it("falls back to chapter 1's visual for an unknown chapter", () => {
    expect(visualFor(42)).toBe(VISUALS[1]);
    expect(visualFor(0)).toBe(VISUALS[1]);
    expect(resolveVisual(-3)).toBe(VISUALS[1]);
    expect(resolveVisual("tariff-impact")).toBe(TARIFF_IMPACT_VISUAL);
  });

  it("loopPhase wraps time into 0..1", () => {
    expect(loopPhase(0, 8)).toBe(0);
    expect(loopPhase(4, 8)).toBe(0.5);
    expect(loopPhase(12, 8)).toBe(0.5);
    expect(loopPhase(-2, 8)).toBe(0.75);
  });

  it.each([...CHAPTERS.map((c) => c.id), "tariff-impact" as const])("visual %s draws every phase without errors", (key) => {
    const visual = resolveVisual(key);
    for (const p of [0, 0.1, 0.25, 0.5, 0.75, visual.staticPhase, 0.95, 0.999]) {
      const rec = recordingContext();
      expect(() => visual.draw(rec.ctx, p)).not.toThrow();
      expect(rec.calls).toBeGreaterThan(3);
    }
  });

  it("draws the chapters' example numbers in the static frame", () => {
    const expectText = (id: number, ...snippets: string[]) => {
      const rec = recordingContext();
      const v = visualFor(id);
      v.draw(rec.ctx, v.staticPhase);
      const all = rec.texts.join(" | ");
      for (const s of snippets) expect(all).toContain(s);
    };
    expectText(1, "$40.00", "$42.50", "$45.00", "Illustrative example");
    // The engine's ramp (lib/tariffs/shelf-timing.ts), not an uncited 30-90 day window.
    expectText(2, "Shelf price absorbs the tariff: about 7 months", "Customs (duty paid)", "Day 240");
    expectText(3, "middle pass-through (50%)", "$180");
    expectText(5, "$927");
    expectText(7, "$9", "Save 25%");
    expectText(8, "$50 threshold");
  });
});

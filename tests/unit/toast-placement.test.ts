/**
 * @jest-environment jsdom
 */
import { anchorFor, chooseToastEdge, overlapArea, type Rect, type ToastEdge } from "@/components/ui/toast-placement";

// A 390 x 844 phone: a 64 px sticky header; a toast 100 px tall, full width less 16 px margins.
const toastAt: Record<ToastEdge, Rect> = {
  bottom: { top: 728, bottom: 828, left: 16, right: 374 },
  top: { top: 80, bottom: 180, left: 16, right: 374 },
};

function measuring() {
  const asked: ToastEdge[] = [];
  return {
    asked,
    measure: (edge: ToastEdge) => {
      asked.push(edge);
      return toastAt[edge];
    },
  };
}

describe("toast placement", () => {
  it("measures the area two rectangles share", () => {
    expect(overlapArea({ top: 0, bottom: 10, left: 0, right: 10 }, { top: 5, bottom: 15, left: 5, right: 15 })).toBe(25);
    expect(overlapArea({ top: 0, bottom: 10, left: 0, right: 10 }, { top: 10, bottom: 20, left: 0, right: 10 })).toBe(0);
  });

  it("stays at the bottom with nothing to avoid", () => {
    const m = measuring();
    expect(chooseToastEdge(null, m.measure)).toBe("bottom");
    expect(m.asked).toEqual([]);
  });

  it("stays at the bottom when the form it reports on is higher up", () => {
    const m = measuring();
    expect(chooseToastEdge({ top: 120, bottom: 300, left: 16, right: 374 }, m.measure)).toBe("bottom");
    expect(m.asked).toEqual(["bottom"]);
  });

  it("moves below the header when at the bottom it would cover the form", () => {
    const m = measuring();
    expect(chooseToastEdge({ top: 640, bottom: 780, left: 16, right: 374 }, m.measure)).toBe("top");
    expect(m.asked).toEqual(["bottom", "top"]);
  });

  it("keeps the edge that covers less when both would cover a tall form", () => {
    expect(chooseToastEdge({ top: 100, bottom: 800, left: 16, right: 374 }, measuring().measure)).toBe("bottom");
    expect(chooseToastEdge({ top: 150, bottom: 790, left: 16, right: 374 }, measuring().measure)).toBe("top");
  });

  it("anchors on the form of the pressed control, or on the control when there is no form", () => {
    document.body.innerHTML = `<form id="f"><input id="i" /><button id="b">Subscribe</button></form><a id="a" href="/">x</a>`;
    expect(anchorFor(document.getElementById("b"), 844)?.id).toBe("f");
    expect(anchorFor(document.getElementById("a"), 844)?.id).toBe("a");
    const detached = document.createElement("button");
    expect(anchorFor(detached, 844)).toBeNull();
    expect(anchorFor(null, 844)).toBeNull();
  });
});

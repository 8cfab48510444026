"use client";

import { useEffect } from "react";

/** docs/product-rules.md §9: reveal once 10% is visible, with a 50 px bottom margin. */
export const REVEAL_OPTIONS: IntersectionObserverInit = { threshold: [0, 0.1], rootMargin: "0px 0px -50px 0px" };

/**
 * Marks every `[data-reveal]` element with `data-revealed` once it scrolls into view;
 * globals.css fades it in. Elements stay shown (they are unobserved). Renders nothing.
 */
export function ScrollReveal() {
  useEffect(() => {
    const targets = Array.from(document.querySelectorAll<HTMLElement>("[data-reveal]:not([data-revealed])"));
    const reveal = (el: Element) => el.setAttribute("data-revealed", "");

    if (typeof IntersectionObserver === "undefined") {
      targets.forEach(reveal);
      return;
    }

    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const viewport = entry.rootBounds?.height ?? window.innerHeight;
        // An element so tall that 10% of it exceeds half the screen could never reach
        // the 0.1 threshold on a small screen: reveal it as soon as it enters.
        const tooTall = entry.boundingClientRect.height * 0.1 > viewport * 0.5;
        if (entry.intersectionRatio >= 0.1 || tooTall) {
          reveal(entry.target);
          observer.unobserve(entry.target);
        }
      }
    }, REVEAL_OPTIONS);

    targets.forEach((el) => observer.observe(el));
    return () => observer.disconnect();
  }, []);

  return null;
}

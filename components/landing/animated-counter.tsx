"use client";

import * as React from "react";
import { formatNumber } from "@/lib/format";

/** docs/product-rules.md §9: counters go from 0 to the target in 100 steps of 20 ms. */
export const COUNTER_STEPS = 100;
export const COUNTER_STEP_MS = 20;

type AnimatedCounterProps = Omit<React.ComponentProps<"span">, "children" | "prefix"> & {
  /** The final number, e.g. 98 or 2.4. */
  value: number;
  /** Digits after the decimal point (2.4 -> 1). */
  decimals?: number;
  prefix?: string;
  suffix?: string;
};

/**
 * Renders the final value on the server (so no-JS visitors and crawlers see it), then,
 * once at least 10% of it is on screen, counts up from 0. With reduced motion, or
 * without IntersectionObserver, the final value simply stays.
 */
export function AnimatedCounter({ value, decimals = 0, prefix = "", suffix = "", ...props }: AnimatedCounterProps) {
  const ref = React.useRef<HTMLSpanElement>(null);
  // Fraction of the way to the target: 1 = final value (what the server renders).
  const [progress, setProgress] = React.useState(1);

  React.useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;

    let timer: ReturnType<typeof setInterval> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        let step = 0;
        setProgress(0);
        timer = setInterval(() => {
          step += 1;
          setProgress(step / COUNTER_STEPS);
          if (step >= COUNTER_STEPS) clearInterval(timer);
        }, COUNTER_STEP_MS);
      },
      { threshold: 0.1 },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      if (timer) clearInterval(timer);
    };
  }, []);

  const factor = 10 ** decimals;
  const shown = progress >= 1 ? value : Math.floor(value * progress * factor) / factor;

  return (
    <span ref={ref} data-value={value} {...props}>
      {prefix}
      {formatNumber(shown, decimals)}
      {suffix}
    </span>
  );
}

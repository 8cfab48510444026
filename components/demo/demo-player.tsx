"use client";

import * as React from "react";
import { Pause, Play } from "lucide-react";
import { useHydrated } from "@/components/ui/use-hydrated";
import { DEMO_STEP_MS } from "./demo-data";

export type DemoStep = {
  title: string;
  /** One line under the title in the step list. */
  summary: string;
  /** The step's panel, rendered on the server. */
  content: React.ReactNode;
};

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/**
 * "auto" follows the visitor's motion preference (autoplay unless reduced motion is
 * asked for); "playing" and "paused" are the visitor's own choice, which wins.
 */
type Choice = "auto" | "playing" | "paused";

/**
 * The demo player (docs/product-rules.md §2, §4, §9): four steps shown as tabs. Autoplay moves to
 * the next step every DEMO_STEP_MS, cycling; the toggle reads 'Pause Demo' while playing
 * and 'Play Demo' while paused. Choosing a step (click or arrow keys) or moving focus into
 * the panel stops autoplay. With reduced motion the demo starts paused.
 *
 * `toggleClassName`: the toggle's button classes, merged on the server (buttonClassName), so
 * the player ships no class-merging code; its own classes are whole strings chosen by state.
 */
export function DemoPlayer({ steps, toggleClassName }: { steps: readonly DemoStep[]; toggleClassName: string }) {
  const count = steps.length;
  const [active, setActive] = React.useState(0);
  const [choice, setChoice] = React.useState<Choice>("auto");
  const tabs = React.useRef<(HTMLButtonElement | null)[]>([]);

  // On the server and during hydration: assume reduced motion, so nothing moves until
  // the browser says it may.
  const reducedMotion = React.useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => true,
  );
  const hydrated = useHydrated();
  const playing = choice === "auto" ? !reducedMotion : choice === "playing";

  React.useEffect(() => {
    if (!playing || count < 2) return;
    const timer = setInterval(() => setActive((i) => (i + 1) % count), DEMO_STEP_MS);
    return () => clearInterval(timer);
  }, [playing, count]);

  function select(index: number, focus = false) {
    setActive(index);
    setChoice("paused");
    if (focus) tabs.current[index]?.focus();
  }

  function onTabKeyDown(event: React.KeyboardEvent<HTMLButtonElement>, index: number) {
    const next =
      event.key === "ArrowRight" || event.key === "ArrowDown"
        ? (index + 1) % count
        : event.key === "ArrowLeft" || event.key === "ArrowUp"
          ? (index - 1 + count) % count
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? count - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    select(next, true);
  }

  return (
    <div data-testid="demo-player" data-ready={hydrated ? "true" : "false"} className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-medium text-slate-700">
          Step {active + 1} of {count}
          <span className="text-slate-600"> · Sample data for illustration</span>
        </p>
        <button
          type="button"
          data-slot="button"
          className={toggleClassName}
          data-testid="demo-toggle"
          data-state={playing ? "playing" : "paused"}
          onClick={() => setChoice(playing ? "paused" : "playing")}
        >
          {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
          {playing ? "Pause Demo" : "Play Demo"}
        </button>
      </div>

      <div role="tablist" aria-label="Demo steps" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, i) => {
          const selected = i === active;
          return (
            <button
              key={step.title}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`demo-tab-${i + 1}`}
              data-testid={`demo-step-${i + 1}`}
              aria-selected={selected}
              aria-controls="demo-panel"
              aria-describedby={`demo-tab-${i + 1}-summary`}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(i)}
              onKeyDown={(e) => onTabKeyDown(e, i)}
              className={`flex items-start gap-3 rounded-xl border p-4 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring ${
                selected ? "border-primary bg-primary text-white shadow-md" : "border-slate-200 bg-white text-slate-900 hover:border-blue-300 hover:bg-blue-50"
              }`}
            >
              <span
                aria-hidden
                className={`flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-bold ${selected ? "bg-white text-primary" : "bg-blue-100 text-blue-900"}`}
              >
                {i + 1}
              </span>
              <span className="grid gap-1">
                <span className="font-semibold leading-tight">{step.title}</span>
                <span
                  id={`demo-tab-${i + 1}-summary`}
                  aria-hidden
                  className={`text-sm ${selected ? "text-blue-50" : "text-slate-600"}`}
                >
                  {step.summary}
                </span>
              </span>
            </button>
          );
        })}
      </div>

      <div
        role="tabpanel"
        id="demo-panel"
        data-testid="demo-panel"
        data-step={active + 1}
        aria-labelledby={`demo-tab-${active + 1}`}
        tabIndex={0}
        onFocus={() => {
          if (playing) setChoice("paused");
        }}
        className="rounded-2xl border border-slate-200 bg-slate-50 p-5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:p-8"
      >
        {steps.map((step, i) => (
          <div key={step.title} hidden={i !== active}>
            {step.content}
          </div>
        ))}
      </div>
    </div>
  );
}

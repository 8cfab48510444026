"use client";

import * as React from "react";
import { Pause, Play, RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { CANVAS_HEIGHT, CANVAS_WIDTH, loopPhase, resolveVisual, type VisualKey } from "./visuals";

/**
 * A live canvas animation (docs/product-rules.md §2, §4): paused or playing, toggled by a button.
 * It runs only while `active` (its tab is shown) and playing; otherwise no frame is
 * scheduled (cancelAnimationFrame on every stop and on unmount). Visitors who prefer
 * reduced motion get one static, fully drawn frame and no loop until they press Play.
 * The canvas is DPR-aware and carries a text alternative (aria-label + visible caption).
 *
 * For tests the figure exposes data-animating ("true" while frames are being scheduled)
 * and data-frames (frames drawn so far).
 */
export type CanvasAnimationProps = {
  visual: VisualKey;
  /** False while the containing tab is hidden: nothing runs. */
  active?: boolean;
  label?: string;
  playLabel?: string;
  pauseLabel?: string;
  /** Shows a button that restarts the animation from the beginning. */
  refreshLabel?: string;
  testId?: string;
  className?: string;
};

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

const reducedMotionQuery = (): MediaQueryList | null =>
  typeof window.matchMedia === "function" ? window.matchMedia(REDUCED_MOTION) : null;

function subscribeReducedMotion(callback: () => void): () => void {
  const query = reducedMotionQuery();
  query?.addEventListener("change", callback);
  return () => query?.removeEventListener("change", callback);
}

export function usePrefersReducedMotion(): boolean {
  return React.useSyncExternalStore(
    subscribeReducedMotion,
    () => reducedMotionQuery()?.matches ?? false,
    () => false,
  );
}

export function CanvasAnimation({
  visual: visualKey,
  active = true,
  label = "Live Animation",
  playLabel = "Play Animation",
  pauseLabel = "Pause Animation",
  refreshLabel,
  testId = "canvas-animation",
  className,
}: CanvasAnimationProps) {
  const visual = resolveVisual(visualKey);
  const reducedMotion = usePrefersReducedMotion();
  // null until the visitor presses the button: then the default follows the preference.
  const [choice, setChoice] = React.useState<boolean | null>(null);
  const [restarts, setRestarts] = React.useState(0);
  const playing = choice ?? !reducedMotion;
  const running = active && playing;

  const figureRef = React.useRef<HTMLElement>(null);
  const canvasRef = React.useRef<HTMLCanvasElement>(null);
  const elapsed = React.useRef<number | null>(null);
  const userChose = React.useRef(false);
  const frames = React.useRef(0);
  const captionId = React.useId();

  // A new visual starts from the beginning.
  React.useEffect(() => {
    elapsed.current = null;
  }, [visual]);

  React.useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext("2d");
    if (!canvas || !ctx || !active) return;
    const dpr = Math.min(Math.max(window.devicePixelRatio || 1, 1), 3);
    if (canvas.width !== CANVAS_WIDTH * dpr) {
      canvas.width = CANVAS_WIDTH * dpr;
      canvas.height = CANVAS_HEIGHT * dpr;
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    // Reduced motion shows the fully drawn frame until the visitor presses Play; everyone
    // else starts from the beginning.
    if (reducedMotion && !userChose.current) elapsed.current = visual.staticPhase * visual.loopSeconds;
    else elapsed.current ??= 0;

    const paint = () => {
      visual.draw(ctx, loopPhase(elapsed.current ?? 0, visual.loopSeconds));
      frames.current += 1;
      figureRef.current?.setAttribute("data-frames", String(frames.current));
    };

    if (!running) {
      paint();
      return;
    }
    let handle = 0;
    let last: number | null = null;
    const step = (now: number) => {
      // Cap the step so a backgrounded tab does not jump the animation ahead.
      if (last !== null) elapsed.current = (elapsed.current ?? 0) + Math.min(now - last, 100) / 1000;
      last = now;
      paint();
      handle = window.requestAnimationFrame(step);
    };
    handle = window.requestAnimationFrame(step);
    return () => window.cancelAnimationFrame(handle);
  }, [active, running, visual, reducedMotion, restarts]);

  const toggle = () => {
    userChose.current = true;
    setChoice(!playing);
  };
  const restart = () => {
    elapsed.current = 0;
    setRestarts((n) => n + 1);
  };

  return (
    <figure
      ref={figureRef}
      data-testid={testId}
      data-animating={running ? "true" : "false"}
      data-frames="0"
      data-visual={visual.id}
      data-reduced-motion={reducedMotion ? "true" : "false"}
      className={cn("grid gap-3", className)}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <span
            aria-hidden
            className={cn("inline-block size-2.5 rounded-full", running ? "bg-red-600 motion-safe:animate-pulse" : "bg-slate-400")}
          />
          <span>{label}</span>
          <span className="sr-only">{running ? "(playing)" : "(paused)"}</span>
        </p>
        <div className="flex gap-2">
          <Button type="button" size="sm" variant="outline" onClick={toggle} data-testid={`${testId}-toggle`}>
            {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
            {playing ? pauseLabel : playLabel}
          </Button>
          {refreshLabel ? (
            <Button type="button" size="sm" variant="ghost" onClick={restart} data-testid={`${testId}-refresh`} aria-label={refreshLabel}>
              <RefreshCw aria-hidden />
            </Button>
          ) : null}
        </div>
      </div>
      <canvas
        ref={canvasRef}
        width={CANVAS_WIDTH}
        height={CANVAS_HEIGHT}
        role="img"
        aria-label={`${label}: ${visual.title}`}
        aria-describedby={captionId}
        className="aspect-[2/1] w-full max-w-[520px] rounded-md border bg-slate-50"
      />
      <figcaption id={captionId} className="text-sm text-slate-700">
        {visual.description}
      </figcaption>
    </figure>
  );
}

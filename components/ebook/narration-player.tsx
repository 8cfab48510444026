"use client";

import { Mic, Play, Rewind, FastForward, Square } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatClock } from "@/lib/ebook/narration";
import type { NarratorProfile } from "@/lib/ebook/chapters";
import { SPEECH_UNSUPPORTED, type Narration } from "./use-narration";

/**
 * The Audio tab: narrator, Play/Stop, skip back/forward 10 s (only while playing), the
 * elapsed time against the chapter duration and a progress bar.
 */
export function NarrationPlayer({
  narration,
  narrator,
  duration,
  durationSeconds,
}: {
  narration: Narration;
  narrator: NarratorProfile;
  duration: string;
  durationSeconds: number;
}) {
  const { state, supported, play, stop, skip } = narration;
  const playing = state.status === "playing";
  const percent = durationSeconds > 0 ? Math.min(100, (state.progress / durationSeconds) * 100) : 0;
  const elapsed = formatClock(state.progress);

  return (
    <div data-testid="narration-player" data-status={state.status} data-progress={String(state.progress)} className="grid gap-4">
      <div className="flex items-center gap-3 rounded-lg bg-blue-50 p-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-white">
          <Mic aria-hidden className="size-5" />
        </span>
        <div>
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">Narrated by</p>
          <p className="font-semibold text-slate-900" data-testid="narration-narrator">
            {narrator.name}
          </p>
        </div>
      </div>

      <div className="grid gap-2">
        <div
          role="progressbar"
          aria-label="Narration progress"
          aria-valuemin={0}
          aria-valuemax={durationSeconds}
          aria-valuenow={Math.floor(state.progress)}
          aria-valuetext={`${elapsed} of ${duration}`}
          data-testid="narration-progress"
          className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full rounded-full bg-primary transition-[width] duration-500 ease-linear" style={{ width: `${percent}%` }} />
        </div>
        <p className="flex justify-between text-sm tabular-nums text-slate-700">
          <span data-testid="narration-time">
            {elapsed} / {duration}
          </span>
          <span role="status" className="font-medium">
            {playing ? "Playing" : "Stopped"}
          </span>
        </p>
      </div>

      <div className="flex items-center justify-center gap-3">
        <Button
          type="button"
          variant="outline"
          size="icon"
          disabled={!playing}
          onClick={() => skip(-1)}
          aria-label="Skip back 10 seconds"
          data-testid="narration-back"
        >
          <Rewind aria-hidden />
        </Button>
        <Button
          type="button"
          size="lg"
          variant={playing ? "destructive" : "default"}
          onClick={playing ? stop : play}
          data-testid="narration-toggle"
          className="min-w-36"
        >
          {playing ? <Square aria-hidden /> : <Play aria-hidden />}
          {playing ? "Stop Narration" : "Play Narration"}
        </Button>
        <Button
          type="button"
          variant="outline"
          size="icon"
          disabled={!playing}
          onClick={() => skip(1)}
          aria-label="Skip forward 10 seconds"
          data-testid="narration-forward"
        >
          <FastForward aria-hidden />
        </Button>
      </div>

      {supported ? (
        <p className="text-xs text-slate-600">
          Narration uses your browser&apos;s built-in voice. Skipping moves the progress display only; the voice keeps
          reading at its own pace.
        </p>
      ) : (
        <p data-testid="narration-unsupported" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          {SPEECH_UNSUPPORTED} You can read the full text in the Transcript tab.
        </p>
      )}
    </div>
  );
}

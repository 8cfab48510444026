"use client";

import { Mic, Play, Rewind, FastForward, Square } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatClock, NARRATION_CREDIT, WORDS_PER_MINUTE } from "@/lib/ebook/narration";
import type { NarratorProfile } from "@/lib/ebook/chapters";
import { SPEECH_UNSUPPORTED, SPEECH_UNSUPPORTED_HELP, type Narration } from "./use-narration";

/**
 * The Audio tab: who reads (the browser's voice, from the author's text, in one of the
 * chapter's voice styles), Play/Stop, skip back/forward 10 s (only while playing; the voice
 * moves too), the elapsed time against the estimated length and a progress bar that
 * follows the words the voice reaches.
 */
export function NarrationPlayer({
  narration,
  narrator,
  duration,
  durationSeconds,
  words,
}: {
  narration: Narration;
  narrator: NarratorProfile;
  duration: string;
  durationSeconds: number;
  /** Words in the transcript, to say how the length is estimated. */
  words?: number;
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
          <p className="text-sm font-medium text-slate-900" data-testid="narration-credit">
            {NARRATION_CREDIT}
          </p>
          <p className="text-xs text-slate-600">
            Voice style: <span data-testid="narration-narrator">{narrator.name}</span> (a fictional persona: speed and pitch
            settings, not a recorded person)
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
        <p className="text-xs text-slate-600" data-testid="narration-estimate">
          Length {duration} is an estimate: {words ? `${words.toLocaleString("en-US")} words` : "the text's words"} at{" "}
          {WORDS_PER_MINUTE} words a minute, slowed to this voice&apos;s speed ({narrator.rate}). Your browser&apos;s voice
          may read faster or slower; the bar follows the words it reaches, and skipping moves the voice with it.
        </p>
      ) : (
        <p data-testid="narration-unsupported" role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          {SPEECH_UNSUPPORTED} {SPEECH_UNSUPPORTED_HELP}
        </p>
      )}
    </div>
  );
}

/**
 * The chapter narration player as a pure state machine (spec sections 4 and 9).
 *
 * stopped --play--> playing. While playing, a timer sends `tick` every 0.5 s and the
 * progress grows by 0.5 s; reaching the chapter duration stops. `stop`, `end` (speech
 * finished) and `error` (speech failed) return to stopped with progress zero. Skip back /
 * forward move the displayed progress by 10 s, clamped between 0 and the duration, and only
 * while playing; they never move the speech itself. The component wires this to the
 * browser's speechSynthesis and setInterval; this module has no browser dependencies.
 */

export const NARRATION_TICK_MS = 500;
export const NARRATION_TICK_SECONDS = NARRATION_TICK_MS / 1000;
export const NARRATION_SKIP_SECONDS = 10;

export type NarrationStatus = "stopped" | "playing";
export type NarrationState = { status: NarrationStatus; progress: number };

export type NarrationEvent =
  | { type: "play" }
  | { type: "tick"; duration: number }
  | { type: "skip"; seconds: number; duration: number }
  | { type: "stop" }
  | { type: "end" }
  | { type: "error" };

export const STOPPED: NarrationState = Object.freeze({ status: "stopped", progress: 0 });

const clamp = (value: number, min: number, max: number): number => Math.min(Math.max(value, min), max);

/**
 * Next state. Events that change nothing return the same object, so React skips the render.
 */
export function narrationReducer(state: NarrationState, event: NarrationEvent): NarrationState {
  switch (event.type) {
    case "play":
      return state.status === "playing" ? state : { status: "playing", progress: 0 };
    case "tick": {
      if (state.status !== "playing") return state;
      const progress = state.progress + NARRATION_TICK_SECONDS;
      return progress >= event.duration ? STOPPED : { status: "playing", progress };
    }
    case "skip":
      if (state.status !== "playing") return state;
      return { status: "playing", progress: clamp(state.progress + event.seconds, 0, Math.max(event.duration, 0)) };
    case "stop":
    case "end":
    case "error":
      return state.status === "stopped" && state.progress === 0 ? state : STOPPED;
  }
}

/** "m:ss" for a number of seconds (fractions dropped), the format of the chapter durations. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/**
 * The transcript as speech chunks, one per paragraph: Chromium cuts off a single very long
 * utterance, so the narration is queued paragraph by paragraph.
 */
export function speechChunks(transcript: string): string[] {
  return transcript
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

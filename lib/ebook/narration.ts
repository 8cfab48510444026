/**
 * The chapter narration player as a pure state machine (docs/product-rules.md §4, §9;
 * docs/decisions.md "E-book pages").
 *
 * stopped --play--> playing. The progress follows the speech itself: each word the voice
 * reaches (the utterance's `boundary` event) sends `position` with where that word sits in
 * the transcript, converted to seconds of the chapter's estimated length. Between words
 * (and with voices that send no boundary events) a timer sends `tick` every 0.5 s so the
 * bar keeps moving; reaching the chapter duration stops. `stop`, `end` (speech finished)
 * and `error` (speech failed) return to stopped with progress zero. Skip back / forward
 * move by 10 s, clamped between 0 and the duration, only while playing; the component
 * restarts the speech at the word for the new position (`speechFrom`), so voice and bar
 * stay together. This module has no browser dependencies.
 */

/**
 * Speaking rate of a browser voice at its normal speed (rate 1), in words a minute: a
 * common figure for synthetic English speech (typical voices read about 150 to 180). The
 * narrator's rate (0.82 to 0.88) slows it down. An estimate: the real length depends on
 * the voice the browser picks, which is why the player's progress follows the speech.
 */
export const WORDS_PER_MINUTE = 150;

/** Who reads the chapters, said as it is (docs/experience.md "/tariffs-ebook"). */
export const NARRATION_CREDIT = "Read aloud by your browser's voice from the author's text";

export const NARRATION_TICK_MS = 500;
export const NARRATION_TICK_SECONDS = NARRATION_TICK_MS / 1000;
export const NARRATION_SKIP_SECONDS = 10;

export type NarrationStatus = "stopped" | "playing";
export type NarrationState = { status: NarrationStatus; progress: number };

export type NarrationEvent =
  | { type: "play" }
  | { type: "tick"; duration: number }
  | { type: "skip"; seconds: number; duration: number }
  /** The voice reached this point (seconds into the chapter), from a boundary event. */
  | { type: "position"; seconds: number; duration: number }
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
    case "position":
      if (state.status !== "playing") return state;
      return { status: "playing", progress: clamp(event.seconds, 0, Math.max(event.duration, 0)) };
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

export type SpeechPlan = {
  /** The paragraphs to speak, the first one possibly starting mid-paragraph. */
  chunks: string[];
  /** Character offset of each chunk in the whole transcript (paragraphs joined by one space). */
  offsets: number[];
  /** Length of the whole transcript in that measure. */
  totalChars: number;
};

/**
 * What to speak to start at `seconds` into a chapter of `duration` seconds: the position
 * is taken as a share of the transcript's characters and moved back to the start of its
 * word. `speechFrom(t, 0, d)` speaks every paragraph.
 */
export function speechFrom(transcript: string, seconds: number, duration: number): SpeechPlan {
  const paragraphs = speechChunks(transcript);
  const starts: number[] = [];
  let total = 0;
  for (const p of paragraphs) {
    starts.push(total);
    total += p.length + 1;
  }
  const totalChars = Math.max(total - 1, 0);
  const share = duration > 0 ? clamp(seconds / duration, 0, 1) : 0;
  let target = Math.floor(share * totalChars);
  let index = paragraphs.length - 1;
  for (let i = 0; i < paragraphs.length; i++) {
    if (target < starts[i]! + paragraphs[i]!.length + 1) {
      index = i;
      break;
    }
  }
  if (index < 0) return { chunks: [], offsets: [], totalChars };
  const para = paragraphs[index]!;
  let local = clamp(target - starts[index]!, 0, para.length);
  while (local > 0 && !/\s/.test(para[local - 1]!)) local--;
  target = starts[index]! + local;
  const first = para.slice(local);
  const chunks = [first, ...paragraphs.slice(index + 1)].filter((c) => c.trim().length > 0);
  const offsets = first.trim().length > 0 ? [target, ...starts.slice(index + 1)] : starts.slice(index + 1);
  return { chunks, offsets, totalChars };
}

/** Seconds into the chapter for a character position in the transcript. */
export function secondsAt(charPosition: number, totalChars: number, duration: number): number {
  return totalChars > 0 ? clamp((charPosition / totalChars) * duration, 0, duration) : 0;
}

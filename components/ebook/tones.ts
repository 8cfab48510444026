/**
 * Web Audio helpers for the developer pages (docs/product-rules.md §2, §9): the three test chimes
 * (A4, C#5, E5) and the one-second chapter test tones. No network, no audio files.
 */
export const WEB_AUDIO_UNSUPPORTED = "Web Audio API not supported";

export const CHIMES = [
  { note: "A4", frequency: 440 },
  { note: "C#5", frequency: 554.37 },
  { note: "E5", frequency: 659.25 },
] as const;
const CHIME_SECONDS = 0.45;
const CHIME_GAP = 0.5;

/** Test tones of the /test-fixes page: chapter 7 at 440 Hz, chapter 8 at 523 Hz, 1 second. */
export const TEST_TONES: Readonly<Record<7 | 8, number>> = { 7: 440, 8: 523 };
export const TEST_TONE_SECONDS = 1;

type AudioContextConstructor = new () => AudioContext;

/** The browser's AudioContext (or the prefixed one of older Safari), if any. */
export function audioContextClass(): AudioContextConstructor | undefined {
  if (typeof window === "undefined") return undefined;
  const w: { AudioContext?: unknown; webkitAudioContext?: unknown } = window;
  const Ctor = typeof w.AudioContext === "function" ? w.AudioContext : w.webkitAudioContext;
  return typeof Ctor === "function" ? (Ctor as AudioContextConstructor) : undefined;
}

export function webAudioSupported(): boolean {
  return audioContextClass() !== undefined;
}

export function canvasSupported(): boolean {
  if (typeof document === "undefined") return false;
  const canvas = document.createElement("canvas");
  return typeof canvas.getContext === "function" && canvas.getContext("2d") !== null;
}

export class WebAudioUnsupportedError extends Error {
  constructor() {
    super(WEB_AUDIO_UNSUPPORTED);
    this.name = "WebAudioUnsupportedError";
  }
}

type Tone = { frequency: number; start: number; seconds: number };

/** Plays the tones (sine waves with a short fade in/out) and resolves when they have ended. */
export async function playTones(tones: readonly Tone[]): Promise<void> {
  const Ctor = audioContextClass();
  if (!Ctor) throw new WebAudioUnsupportedError();
  const ctx = new Ctor();
  try {
    if (ctx.state === "suspended") await ctx.resume();
    const t0 = ctx.currentTime + 0.05;
    let end = t0;
    for (const tone of tones) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = "sine";
      osc.frequency.value = tone.frequency;
      const start = t0 + tone.start;
      const stop = start + tone.seconds;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.25, start + 0.03);
      gain.gain.setValueAtTime(0.25, Math.max(start + 0.03, stop - 0.08));
      gain.gain.exponentialRampToValueAtTime(0.0001, stop);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start);
      osc.stop(stop + 0.02);
      end = Math.max(end, stop);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.ceil((end - ctx.currentTime + 0.05) * 1000)));
  } finally {
    await ctx.close().catch(() => undefined);
  }
}

export function playChimes(): Promise<void> {
  return playTones(CHIMES.map((c, i) => ({ frequency: c.frequency, start: i * CHIME_GAP, seconds: CHIME_SECONDS })));
}

export function playTestTone(frequency: number): Promise<void> {
  return playTones([{ frequency, start: 0, seconds: TEST_TONE_SECONDS }]);
}

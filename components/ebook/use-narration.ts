"use client";

import * as React from "react";
import type { NarratorProfile } from "@/lib/ebook/chapters";
import {
  NARRATION_SKIP_SECONDS,
  NARRATION_TICK_MS,
  narrationReducer,
  secondsAt,
  speechFrom,
  STOPPED,
  type NarrationState,
} from "@/lib/ebook/narration";

export const SPEECH_UNSUPPORTED = "Speech synthesis not supported in this browser.";
/** The inline message with it: what to do instead. */
export const SPEECH_UNSUPPORTED_HELP =
  "This browser cannot read the chapter aloud (it has no speech synthesis, or it is turned off). The full text is in the Transcript tab, and the guide can be downloaded as EPUB or PDF for a reading app that reads aloud.";

/** True when the browser can speak (both the engine and the utterance constructor exist). */
export function speechSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    typeof window.speechSynthesis === "object" &&
    window.speechSynthesis !== null &&
    typeof window.SpeechSynthesisUtterance === "function"
  );
}

const noopSubscribe = () => () => undefined;

/** An English voice when the browser has one: US English first, then any English. */
export function pickEnglishVoice(voices: readonly SpeechSynthesisVoice[]): SpeechSynthesisVoice | undefined {
  const lang = (v: SpeechSynthesisVoice) => v.lang.replace("_", "-").toLowerCase();
  return voices.find((v) => lang(v) === "en-us") ?? voices.find((v) => lang(v).startsWith("en"));
}

export type Narration = {
  state: NarrationState;
  supported: boolean;
  play: () => void;
  stop: () => void;
  skip: (direction: -1 | 1) => void;
};

/**
 * Reads a chapter aloud with the browser's speechSynthesis, driving the pure narration
 * reducer: Play speaks the transcript (queued paragraph by paragraph) with the narrator's
 * rate, pitch and volume; each word boundary the voice reports moves the progress to that
 * word, and a 0.5 s timer keeps it moving between words (some voices report none). Skip
 * restarts the speech at the word for the new position. Stop, the end of speech, a speech
 * error (logged) or reaching the duration stop it. Unmounting (closing the chapter dialog)
 * silences the speech.
 */
export function useNarration({ transcript, durationSeconds, narrator }: { transcript: string; durationSeconds: number; narrator: NarratorProfile }): Narration {
  const [state, dispatch] = React.useReducer(narrationReducer, STOPPED);
  const supported = React.useSyncExternalStore(noopSubscribe, speechSupported, () => true);
  const queued = React.useRef<SpeechSynthesisUtterance[]>([]);

  /** Forgets our queued speech so its handlers no longer report (the cancel that follows is not an error); true if there was any. */
  const detach = React.useCallback((): boolean => {
    for (const u of queued.current) {
      u.onend = null;
      u.onerror = null;
      u.onboundary = null;
    }
    const hadSpeech = queued.current.length > 0;
    queued.current = [];
    return hadSpeech;
  }, []);

  /** Cancels our speech without our handlers reporting the cancellation as an error. */
  const silence = React.useCallback(() => {
    if (detach() && speechSupported()) window.speechSynthesis.cancel();
  }, [detach]);

  /** Queues the speech from `seconds` into the chapter. */
  const speakFrom = React.useCallback(
    (seconds: number) => {
      const synth = window.speechSynthesis;
      // Clear anything another page or tab (or our previous position) left in the queue.
      synth.cancel();
      const voice = pickEnglishVoice(synth.getVoices());
      const plan = speechFrom(transcript, seconds, durationSeconds);
      const utterances = plan.chunks.map((text, i) => {
        const u = new window.SpeechSynthesisUtterance(text);
        const offset = plan.offsets[i] ?? 0;
        u.rate = narrator.rate;
        u.pitch = narrator.pitch;
        u.volume = narrator.volume;
        u.lang = voice?.lang ?? "en-US";
        if (voice) u.voice = voice;
        // The bar follows the voice: each word reached is a position in the transcript.
        u.onboundary = (event) => {
          if (event.name && event.name !== "word") return;
          dispatch({ type: "position", seconds: secondsAt(offset + event.charIndex, plan.totalChars, durationSeconds), duration: durationSeconds });
        };
        u.onerror = (event) => {
          console.error(`Narration error: ${event.error}`);
          silence();
          dispatch({ type: "error" });
        };
        if (i === plan.chunks.length - 1) {
          u.onend = () => {
            queued.current = [];
            dispatch({ type: "end" });
          };
        }
        return u;
      });
      queued.current = utterances;
      for (const u of utterances) synth.speak(u);
    },
    [narrator, transcript, durationSeconds, silence],
  );

  const play = React.useCallback(() => {
    if (!speechSupported()) {
      window.alert(SPEECH_UNSUPPORTED);
      return;
    }
    silence();
    speakFrom(0);
    dispatch({ type: "play" });
  }, [speakFrom, silence]);

  const stop = React.useCallback(() => {
    silence();
    dispatch({ type: "stop" });
  }, [silence]);

  const skip = React.useCallback(
    (direction: -1 | 1) => {
      if (state.status !== "playing") return;
      const target = Math.min(Math.max(state.progress + direction * NARRATION_SKIP_SECONDS, 0), durationSeconds);
      dispatch({ type: "skip", seconds: direction * NARRATION_SKIP_SECONDS, duration: durationSeconds });
      // Move the voice too: silence the old queue (without reporting an error) and speak from the new word.
      if (speechSupported()) {
        detach();
        speakFrom(target);
      }
    },
    [durationSeconds, detach, speakFrom, state],
  );

  // The progress timer runs only while playing.
  React.useEffect(() => {
    if (state.status !== "playing") return;
    const timer = window.setInterval(() => dispatch({ type: "tick", duration: durationSeconds }), NARRATION_TICK_MS);
    return () => window.clearInterval(timer);
  }, [state.status, durationSeconds]);

  // Reaching the chapter duration stops the timer in the reducer; stop the voice with it.
  React.useEffect(() => {
    if (state.status === "stopped") silence();
  }, [state.status, silence]);

  // Closing the dialog (unmount) stops speech.
  React.useEffect(() => silence, [silence]);

  return { state, supported, play, stop, skip };
}

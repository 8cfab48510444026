"use client";

import * as React from "react";
import type { NarratorProfile } from "@/lib/ebook/chapters";
import {
  NARRATION_SKIP_SECONDS,
  NARRATION_TICK_MS,
  narrationReducer,
  speechChunks,
  STOPPED,
  type NarrationState,
} from "@/lib/ebook/narration";

export const SPEECH_UNSUPPORTED = "Speech synthesis not supported in this browser.";

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
 * rate, pitch and volume and starts a 0.5 s progress timer; Stop, the end of speech, a
 * speech error (logged) or reaching the duration stop it. Unmounting (closing the chapter
 * dialog) silences the speech.
 */
export function useNarration({ transcript, durationSeconds, narrator }: { transcript: string; durationSeconds: number; narrator: NarratorProfile }): Narration {
  const [state, dispatch] = React.useReducer(narrationReducer, STOPPED);
  const supported = React.useSyncExternalStore(noopSubscribe, speechSupported, () => true);
  const queued = React.useRef<SpeechSynthesisUtterance[]>([]);

  /** Cancels our speech without our handlers reporting the cancellation as an error. */
  const silence = React.useCallback(() => {
    for (const u of queued.current) {
      u.onend = null;
      u.onerror = null;
    }
    const hadSpeech = queued.current.length > 0;
    queued.current = [];
    if (hadSpeech && speechSupported()) window.speechSynthesis.cancel();
  }, []);

  const play = React.useCallback(() => {
    if (!speechSupported()) {
      window.alert(SPEECH_UNSUPPORTED);
      return;
    }
    silence();
    const synth = window.speechSynthesis;
    // Clear anything another page or tab left in the queue.
    synth.cancel();
    const voice = pickEnglishVoice(synth.getVoices());
    const chunks = speechChunks(transcript);
    const utterances = chunks.map((text, i) => {
      const u = new window.SpeechSynthesisUtterance(text);
      u.rate = narrator.rate;
      u.pitch = narrator.pitch;
      u.volume = narrator.volume;
      u.lang = voice?.lang ?? "en-US";
      if (voice) u.voice = voice;
      u.onerror = (event) => {
        console.error(`Narration error: ${event.error}`);
        silence();
        dispatch({ type: "error" });
      };
      if (i === chunks.length - 1) {
        u.onend = () => {
          queued.current = [];
          dispatch({ type: "end" });
        };
      }
      return u;
    });
    queued.current = utterances;
    for (const u of utterances) synth.speak(u);
    dispatch({ type: "play" });
  }, [narrator, transcript, silence]);

  const stop = React.useCallback(() => {
    silence();
    dispatch({ type: "stop" });
  }, [silence]);

  const skip = React.useCallback(
    (direction: -1 | 1) => dispatch({ type: "skip", seconds: direction * NARRATION_SKIP_SECONDS, duration: durationSeconds }),
    [durationSeconds],
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

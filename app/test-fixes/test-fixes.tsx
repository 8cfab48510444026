"use client";

import * as React from "react";
import { Headphones, Loader2, Music, Terminal, Video, VolumeX } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { CanvasAnimation } from "@/components/ebook/canvas-animation";
import { visualFor } from "@/components/ebook/visuals";
import { playTestTone, TEST_TONES, TEST_TONE_SECONDS, WEB_AUDIO_UNSUPPORTED, WebAudioUnsupportedError, webAudioSupported } from "@/components/ebook/tones";

export type TestChapterId = 7 | 8;
export type TestChapter = { id: TestChapterId; title: string };

const AUDIO_DISABLED = "Audio is disabled on this test page. Chapter narration uses the browser's speech synthesis in the e-book's chapter library.";

/**
 * /test-fixes (docs/product-rules.md §2): pick chapter 7 or 8, then compare the fixed player (Audio
 * and Video tabs) with the original one (disabled-audio notice, visualization, Test Console,
 * test tone). Everything runs in the browser; no network calls.
 */
export function TestFixes({ chapters }: { chapters: readonly TestChapter[] }) {
  const [selected, setSelected] = React.useState<TestChapterId>(7);
  const chapter = chapters.find((c) => c.id === selected) ?? chapters[0];
  if (!chapter) return null;

  return (
    <div className="grid gap-8">
      <div role="group" aria-label="Chapter to test" className="flex flex-wrap gap-3" data-testid="chapter-picker">
        {chapters.map((c) => (
          <Button
            key={c.id}
            type="button"
            variant={c.id === selected ? "default" : "outline"}
            aria-pressed={c.id === selected}
            onClick={() => setSelected(c.id)}
            data-testid={`pick-chapter-${c.id}`}
          >
            Chapter {c.id}
          </Button>
        ))}
      </div>
      <p className="-mt-4 text-sm text-slate-700" data-testid="selected-chapter">
        Testing Chapter {chapter.id}: {chapter.title}
      </p>
      <div className="grid gap-8 lg:grid-cols-2">
        <FixedColumn key={`fixed-${chapter.id}`} chapter={chapter} />
        <OriginalColumn key={`original-${chapter.id}`} chapter={chapter} />
      </div>
    </div>
  );
}

function FixedColumn({ chapter }: { chapter: TestChapter }) {
  const [tab, setTab] = React.useState<"audio" | "video">("video");
  return (
    <section aria-labelledby="fixed-heading" data-testid="fixed-column" className="grid content-start gap-4 rounded-xl border bg-white p-6 shadow-sm">
      <h2 id="fixed-heading" className="text-xl font-semibold text-green-800">
        Fixed
      </h2>
      <Tabs value={tab} onValueChange={(v) => setTab(v === "audio" ? "audio" : "video")}>
        <TabsList aria-label="Fixed player" className="grid w-full grid-cols-2">
          <TabsTrigger value="audio" data-testid="fixed-tab-audio">
            <Headphones aria-hidden /> Audio
          </TabsTrigger>
          <TabsTrigger value="video" data-testid="fixed-tab-video">
            <Video aria-hidden /> Video
          </TabsTrigger>
        </TabsList>
        <TabsContent value="audio">
          <p data-testid="fixed-audio-placeholder" className="flex items-start gap-3 rounded-lg border border-dashed p-4 text-sm text-slate-700">
            <VolumeX aria-hidden className="mt-0.5 size-5 shrink-0" />
            {AUDIO_DISABLED}
          </p>
        </TabsContent>
        <TabsContent value="video" forceMount className="data-[state=inactive]:hidden">
          <CanvasAnimation
            visual={chapter.id}
            active={tab === "video"}
            label={`Chapter ${chapter.id} visualization`}
            playLabel="Play Visualization"
            pauseLabel="Pause Visualization"
            refreshLabel="Refresh visualization"
            testId="fixed-visualization"
          />
        </TabsContent>
      </Tabs>
    </section>
  );
}

function OriginalColumn({ chapter }: { chapter: TestChapter }) {
  const wrapper = React.useRef<HTMLDivElement>(null);
  const [consoleNote, setConsoleNote] = React.useState("");
  const [tone, setTone] = React.useState<{ busy: boolean; text: string }>({ busy: false, text: "" });
  const frequency = TEST_TONES[chapter.id];

  function logToConsole() {
    const figure = wrapper.current?.querySelector("figure");
    const visual = visualFor(chapter.id);
    console.log(
      `[test-fixes] Chapter ${chapter.id} "${chapter.title}": visual "${visual.title}", animating=${figure?.dataset.animating ?? "unknown"}, frames=${figure?.dataset.frames ?? "0"}, Web Audio ${webAudioSupported() ? "supported" : "missing"}`,
    );
    setConsoleNote(`Logged chapter ${chapter.id} details to the browser console.`);
  }

  async function playTone() {
    if (!webAudioSupported()) {
      setTone({ busy: false, text: WEB_AUDIO_UNSUPPORTED });
      return;
    }
    setTone({ busy: true, text: `Playing a ${frequency} Hz test tone for ${TEST_TONE_SECONDS} second...` });
    try {
      await playTestTone(frequency);
      setTone({ busy: false, text: `Played the ${frequency} Hz test tone.` });
    } catch (error) {
      setTone({
        busy: false,
        text: error instanceof WebAudioUnsupportedError ? WEB_AUDIO_UNSUPPORTED : `Audio error: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }

  return (
    <section aria-labelledby="original-heading" data-testid="original-column" className="grid content-start gap-4 rounded-xl border bg-white p-6 shadow-sm">
      <h2 id="original-heading" className="text-xl font-semibold text-slate-900">
        Original
      </h2>
      <p data-testid="original-audio-disabled" className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
        <VolumeX aria-hidden className="mt-0.5 size-5 shrink-0" />
        Audio disabled: the original player&apos;s audio files are not used. Use the test tone below to check sound.
      </p>
      <div ref={wrapper}>
        <CanvasAnimation visual={chapter.id} label={`Chapter ${chapter.id} visualization`} playLabel="Play" pauseLabel="Pause" testId="original-visualization" />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="outline" onClick={logToConsole} data-testid="test-console">
          <Terminal aria-hidden /> Test Console
        </Button>
        <Button type="button" variant="outline" onClick={playTone} disabled={tone.busy} data-testid="test-tone">
          {tone.busy ? <Loader2 aria-hidden className="animate-spin" /> : <Music aria-hidden />}
          Play Test Tone ({frequency} Hz)
        </Button>
      </div>
      <p role="status" className="text-sm text-slate-700" data-testid="original-status">
        {tone.text || consoleNote}
      </p>
    </section>
  );
}

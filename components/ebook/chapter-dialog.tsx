"use client";

import * as React from "react";
import { BookOpen, CheckCircle2, Clock, FileText, Headphones, LineChart, Video } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { CanvasAnimation } from "./canvas-animation";
import { ChapterIcon } from "./chapter-icon";
import { NarrationPlayer } from "./narration-player";
import { useNarration } from "./use-narration";
import type { LibraryChapter, LibraryChapterContent } from "./library-types";

export type ChapterTab = "overview" | "audio" | "video" | "transcript";
const TABS: ReadonlyArray<{ value: ChapterTab; label: string; icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean }> }> = [
  { value: "overview", label: "Overview", icon: BookOpen },
  { value: "audio", label: "Audio", icon: Headphones },
  { value: "video", label: "Animation", icon: Video },
  { value: "transcript", label: "Transcript", icon: FileText },
];

const isTab = (value: string): value is ChapterTab => TABS.some((t) => t.value === value);

/**
 * The open chapter: four tabs (Overview, Audio, Video, Transcript). Rendered only while
 * the dialog is open, so closing it unmounts this body: speech is cancelled and the next
 * opening starts on Overview. The Video panel stays mounted (hidden) while another tab is
 * shown so its animation can be seen to stop; it runs only while Video is the active tab.
 */
export function ChapterDialogContent({
  chapter,
  content,
  onCloseAutoFocus,
}: {
  chapter: LibraryChapter;
  content: LibraryChapterContent;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [tab, setTab] = React.useState<ChapterTab>("overview");
  const narration = useNarration({ transcript: content.transcript, durationSeconds: chapter.durationSeconds, narrator: content.narrator });
  const title = `Chapter ${chapter.id}: ${chapter.title}`;

  return (
    <DialogContent
      className="max-w-3xl sm:p-8"
      data-testid="chapter-dialog"
      data-chapter={chapter.id}
      closeLabel="Close chapter"
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <DialogHeader>
        <p className="flex items-center gap-2 text-sm font-semibold text-primary">
          <ChapterIcon name={chapter.icon} className="size-4" />
          Tariff Survival Guide
        </p>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{chapter.description}</DialogDescription>
      </DialogHeader>

      <Tabs value={tab} onValueChange={(v) => isTab(v) && setTab(v)} className="min-w-0">
        <TabsList aria-label="Chapter content" className="grid h-auto w-full grid-cols-2 gap-1 sm:grid-cols-4">
          {TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value} data-testid={`chapter-tab-${value}`}>
              <Icon aria-hidden />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>

        <TabsContent value="overview" data-testid="chapter-panel-overview" className="grid gap-5">
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <Clock aria-hidden className="size-4 text-primary" />
            Duration: <span className="font-semibold text-slate-900">{chapter.duration}</span>
          </p>
          <section aria-labelledby={`key-points-${chapter.id}`}>
            <h3 id={`key-points-${chapter.id}`} className="font-semibold text-slate-900">
              Key learning points
            </h3>
            <ul className="mt-3 grid gap-2">
              {content.keyPoints.map((point) => (
                <li key={point} className="flex items-start gap-2 text-sm text-slate-800">
                  <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
                  {point}
                </li>
              ))}
            </ul>
          </section>
          {chapter.hasInteractiveChart && content.chartNote ? (
            <div data-testid="chapter-chart-note" className="flex items-start gap-3 rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm">
              <LineChart aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
              <p>
                <span className="font-semibold text-slate-900">Interactive chart. </span>
                <span className="text-slate-800">{content.chartNote}</span> Open the Animation tab to see it animated.
              </p>
            </div>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Badge variant="secondary">Read aloud + Animation</Badge>
            {chapter.hasInteractiveChart ? <Badge variant="outline">Interactive</Badge> : null}
          </div>
        </TabsContent>

        <TabsContent value="audio" data-testid="chapter-panel-audio">
          <NarrationPlayer
            narration={narration}
            narrator={content.narrator}
            duration={chapter.duration}
            durationSeconds={chapter.durationSeconds}
            words={content.words}
          />
        </TabsContent>

        <TabsContent value="video" forceMount data-testid="chapter-panel-video" className="data-[state=inactive]:hidden">
          <CanvasAnimation visual={chapter.id} active={tab === "video"} testId="chapter-animation" />
        </TabsContent>

        <TabsContent value="transcript" data-testid="chapter-panel-transcript">
          <h3 className="sr-only">Transcript</h3>
          <div className="grid gap-3 text-sm leading-relaxed text-slate-800">
            {content.transcript.split(/\n\s*\n/).map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
        </TabsContent>
      </Tabs>
    </DialogContent>
  );
}

/**
 * The chapter dialog, open while mounted: the chapter library loads this module (with the
 * tabs, the narration and the animations) only when a chapter opens, so none of it is in
 * the page's first load (docs/performance.md).
 */
export function ChapterDialog({
  chapter,
  content,
  onClose,
  onCloseAutoFocus,
}: {
  chapter: LibraryChapter;
  content: LibraryChapterContent;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <ChapterDialogContent chapter={chapter} content={content} onCloseAutoFocus={onCloseAutoFocus} />
    </Dialog>
  );
}

import "server-only";
import { CHAPTERS, narratorFor, type Chapter } from "@/lib/ebook/chapters";
import type { LibraryChapter } from "./library-types";

function toLibraryChapter(chapter: Chapter, unlocked: boolean): LibraryChapter {
  return {
    id: chapter.id,
    title: chapter.title,
    description: chapter.description,
    icon: chapter.icon,
    duration: chapter.duration,
    durationSeconds: chapter.durationSeconds,
    hasInteractiveChart: chapter.hasInteractiveChart,
    previewFree: chapter.previewFree,
    content: unlocked
      ? {
          keyPoints: chapter.keyPoints,
          transcript: chapter.transcript,
          words: chapter.words,
          chartNote: chapter.hasInteractiveChart ? (chapter.chartNote ?? null) : null,
          narrator: narratorFor(chapter.id),
        }
      : null,
  };
}

/** The nine chapters for the library; content only for the unlocked ids. */
export function libraryChapters(unlocked: readonly number[]): LibraryChapter[] {
  const open = new Set(unlocked);
  return CHAPTERS.map((c) => toLibraryChapter(c, open.has(c.id)));
}

import type { Chapter, NarratorProfile } from "@/lib/ebook/chapters";

/**
 * What the chapter library sends to the browser for one chapter. The card fields always;
 * the chapter's content (key points, transcript, narrator) only when the visitor may open
 * it, so a locked chapter's text never reaches the page.
 */
export type LibraryChapter = Pick<
  Chapter,
  "id" | "title" | "description" | "icon" | "duration" | "durationSeconds" | "hasInteractiveChart" | "previewFree"
> & {
  content: LibraryChapterContent | null;
};

export type LibraryChapterContent = Pick<Chapter, "keyPoints" | "transcript" | "words"> & {
  chartNote: string | null;
  narrator: NarratorProfile;
};

/** The card text a locked chapter shows: how to get it. */
export const LOCKED_HINT = {
  preview: "Sign up for the free preview above",
  purchase: "Get the complete guide",
} as const;

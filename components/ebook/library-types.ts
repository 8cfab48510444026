import type { Chapter, NarratorProfile } from "@/lib/ebook/chapters";
import type { AccessNoticeKind } from "./access-sections";

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

/** GET /api/ebook/library's answer: what /tariffs-ebook shows this visitor (components/ebook/ebook-access.tsx). */
export type EbookLibraryAnswer = {
  level: "demo" | "full" | "preview" | "none";
  /** The notice above the page about the visitor's access link, or null. */
  notice: AccessNoticeKind | null;
  /** The content of each chapter the visitor may open; locked chapters are not in it. */
  chapters: { id: number; content: LibraryChapterContent }[];
  /** The address the link notices name. */
  supportEmail: string;
};

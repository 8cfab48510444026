/**
 * What the downloadable e-book contains (EPUB and PDF alike): the nine chapters of
 * lib/ebook/chapters.ts, each with its description, key points and the full text the
 * narration reads. One source, so the downloads never say something the chapters do not.
 */
import { CHAPTERS, EBOOK_SUBTITLE, EBOOK_TITLE, type Chapter } from "../chapters";
import { site } from "../../site";

export const BOOK_TITLE = EBOOK_TITLE;
export const BOOK_SUBTITLE = EBOOK_SUBTITLE;
export const BOOK_AUTHOR = site.operator;
export const BOOK_LANGUAGE = "en";
/** Stable identifier of this edition (EPUB dc:identifier). */
export const BOOK_ID = "urn:uuid:5b0f7f0e-3c55-4b8e-9a61-2f7d3c1e9a15";
/** The edition date: when the chapter text was last revised. */
export const BOOK_EDITION_DATE = "2026-11-23";

export type BookChapter = {
  id: number;
  title: string;
  description: string;
  keyPoints: readonly string[];
  paragraphs: readonly string[];
};

export function bookChapters(chapters: readonly Chapter[] = CHAPTERS): BookChapter[] {
  return chapters.map((c) => ({
    id: c.id,
    title: c.title,
    description: c.description,
    keyPoints: c.keyPoints,
    paragraphs: c.transcript
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean),
  }));
}

/** "the-tariff-survival-guide.epub" / ".pdf". */
export function downloadFileName(format: "epub" | "pdf"): string {
  return `the-tariff-survival-guide.${format}`;
}

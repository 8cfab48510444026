"use client";

import * as React from "react";
import Link from "next/link";
import dynamic from "next/dynamic";
import type { ChapterCardParts } from "./chapter-icon";
import { LOCKED_HINT, type LibraryChapter } from "./library-types";

/**
 * The chapter library (docs/product-rules.md §2): a grid of nine chapter cards. An unlocked card's
 * Open Chapter button opens the chapter dialog; a locked card says how to get the chapter.
 * One dialog serves every chapter; it mounts only while open, and its code (tabs, narration,
 * animations) loads when a chapter first opens or its button is pointed at or focused.
 */
const loadDialog = () => import("./chapter-dialog");
const ChapterDialog = dynamic(() => loadDialog().then((m) => m.ChapterDialog), { ssr: false });

/** `parts`: what each card shows whoever the visitor is, rendered on the server (./chapter-icon.tsx, chapterCardParts). */
export function ChapterLibrary({ chapters, parts }: { chapters: readonly LibraryChapter[]; parts: ChapterCardParts }) {
  const [openId, setOpenId] = React.useState<number | null>(null);
  // The Open Chapter button that opened the dialog gets the focus back when it closes.
  const opener = React.useRef<HTMLElement | null>(null);
  const open = chapters.find((c) => c.id === openId && c.content) ?? null;

  return (
    <>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="chapter-library">
        {chapters.map((chapter) => (
          <li key={chapter.id} className="flex">
            <ChapterCard
              chapter={chapter}
              parts={parts}
              onOpen={(button) => {
                opener.current = button;
                setOpenId(chapter.id);
              }}
            />
          </li>
        ))}
      </ul>
      {open?.content ? (
        <ChapterDialog
          key={open.id}
          chapter={open}
          content={open.content}
          onClose={() => setOpenId(null)}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}

function ChapterCard({ chapter, parts, onOpen }: { chapter: LibraryChapter; parts: ChapterCardParts; onOpen: (button: HTMLElement) => void }) {
  const titleId = `chapter-${chapter.id}-title`;
  const locked = chapter.content === null;
  const own = parts.chapters[chapter.id];
  return (
    <article
      aria-labelledby={titleId}
      data-testid={`chapter-card-${chapter.id}`}
      data-locked={locked ? "true" : "false"}
      className="flex w-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
    >
      {own?.top}
      <h3 id={titleId} data-testid="chapter-card-title" className="mt-4 text-lg font-bold leading-snug text-brand-navy">
        Chapter {chapter.id}: {chapter.title}
      </h3>
      <p className="mt-2 flex-1 text-sm text-slate-700">{chapter.description}</p>
      {own?.badges}
      <div className="mt-5">
        {locked ? (
          <LockedNotice chapter={chapter} label={parts.lockedLabel} />
        ) : (
          <button
            type="button"
            data-slot="button"
            className={parts.openButton.className}
            onClick={(event) => onOpen(event.currentTarget)}
            onPointerEnter={() => void loadDialog()}
            onFocus={() => void loadDialog()}
            aria-haspopup="dialog"
            aria-describedby={titleId}
            data-testid="open-chapter"
          >
            {parts.openButton.label}
          </button>
        )}
      </div>
    </article>
  );
}

function LockedNotice({ chapter, label }: { chapter: LibraryChapter; label: React.ReactNode }) {
  const preview = chapter.previewFree;
  return (
    <div data-testid="chapter-locked" className="grid gap-2 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-3 text-sm">
      <p className="flex items-center gap-2 font-semibold text-slate-800">{label}</p>
      {preview ? (
        <a href="#preview-signup" className="font-medium text-primary underline underline-offset-4">
          {LOCKED_HINT.preview}
        </a>
      ) : (
        <Link href="/checkout-ebook-paypal" className="font-medium text-primary underline underline-offset-4">
          {LOCKED_HINT.purchase}
        </Link>
      )}
    </div>
  );
}

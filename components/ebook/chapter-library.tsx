"use client";

import * as React from "react";
import Link from "next/link";
import dynamic from "next/dynamic";
import { BookOpen, Clock, Lock } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LOCKED_HINT, type LibraryChapter } from "./library-types";

/**
 * The chapter library (docs/product-rules.md §2): a grid of nine chapter cards. An unlocked card's
 * Open Chapter button opens the chapter dialog; a locked card says how to get the chapter.
 * One dialog serves every chapter; it mounts only while open, and its code (tabs, narration,
 * animations) loads when a chapter first opens or its button is pointed at or focused.
 */
const loadDialog = () => import("./chapter-dialog");
const ChapterDialog = dynamic(() => loadDialog().then((m) => m.ChapterDialog), { ssr: false });

/** `icons`: each card's icon by chapter id, rendered on the server (./chapter-icon.tsx, chapterCardIcons). */
export function ChapterLibrary({ chapters, icons }: { chapters: readonly LibraryChapter[]; icons: Readonly<Record<number, React.ReactNode>> }) {
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
              icon={icons[chapter.id]}
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

function ChapterCard({ chapter, icon, onOpen }: { chapter: LibraryChapter; icon: React.ReactNode; onOpen: (button: HTMLElement) => void }) {
  const titleId = `chapter-${chapter.id}-title`;
  const locked = chapter.content === null;
  return (
    <article
      aria-labelledby={titleId}
      data-testid={`chapter-card-${chapter.id}`}
      data-locked={locked ? "true" : "false"}
      className="flex w-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="flex items-start justify-between gap-3">
        <span className="flex size-11 items-center justify-center rounded-lg bg-blue-50 text-primary">
          {icon}
        </span>
        <Badge variant="secondary" className="tabular-nums">
          <Clock aria-hidden className="size-3" />
          <span className="sr-only">Duration </span>
          {chapter.duration}
        </Badge>
      </div>
      <h3 id={titleId} data-testid="chapter-card-title" className="mt-4 text-lg font-bold leading-snug text-brand-navy">
        Chapter {chapter.id}: {chapter.title}
      </h3>
      <p className="mt-2 flex-1 text-sm text-slate-700">{chapter.description}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Badge variant="outline">Read aloud + Animation</Badge>
        {chapter.hasInteractiveChart ? (
          <Badge variant="outline" className="border-blue-300 bg-blue-50 text-blue-900" data-testid="chapter-interactive-badge">
            Interactive
          </Badge>
        ) : null}
        {chapter.previewFree ? (
          <Badge variant="outline" className="border-green-300 bg-green-50 text-green-900">
            Free preview
          </Badge>
        ) : null}
      </div>
      <div className="mt-5">
        {locked ? (
          <LockedNotice chapter={chapter} />
        ) : (
          <Button
            type="button"
            className="w-full"
            onClick={(event) => onOpen(event.currentTarget)}
            onPointerEnter={() => void loadDialog()}
            onFocus={() => void loadDialog()}
            aria-haspopup="dialog"
            aria-describedby={titleId}
            data-testid="open-chapter"
          >
            <BookOpen aria-hidden />
            Open Chapter
          </Button>
        )}
      </div>
    </article>
  );
}

function LockedNotice({ chapter }: { chapter: LibraryChapter }) {
  const preview = chapter.previewFree;
  return (
    <div data-testid="chapter-locked" className="grid gap-2 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-3 text-sm">
      <p className="flex items-center gap-2 font-semibold text-slate-800">
        <Lock aria-hidden className="size-4" />
        Locked
      </p>
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

"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { site } from "@/lib/site";
import type { ChapterCardParts } from "./chapter-icon";
import { ChapterLibrary } from "./chapter-library";
import type { EbookLibraryAnswer, LibraryChapter } from "./library-types";

/**
 * Who is reading /tariffs-ebook. The page is prerendered (docs/performance.md) with every
 * chapter's card locked and no content, which is what a visitor without a link sees when
 * demo mode is off. In the browser, the page asks GET /api/ebook/library (with the page's
 * `?access=` link, if any) what this visitor may open, and then shows the demo banner or
 * the link's notice, the buyer's downloads, and the content of the chapters that open
 * (docs/decisions.md "E-book pages").
 */

type AccessView =
  | { status: "checking"; token?: string }
  | ({ status: "ready"; token?: string } & EbookLibraryAnswer)
  /** The answer did not come: no chapter opens; a link says it could not be checked. */
  | { status: "failed"; token?: string };

/**
 * The notices and downloads show only once the access answer has come, so their code is
 * fetched then, not with the page (docs/performance.md, "Deferred forms": JavaScript by load).
 */
const sections = () => import("./access-sections");
const DemoBanner = dynamic(() => sections().then((m) => m.DemoBanner));
const AccessNotice = dynamic(() => sections().then((m) => m.AccessNotice));
const EbookDownloads = dynamic(() => sections().then((m) => m.EbookDownloads));

const AccessContext = React.createContext<AccessView>({ status: "checking" });

function accessToken(): string | undefined {
  const value = new URLSearchParams(window.location.search).get("access")?.trim();
  return value ? value : undefined;
}

export function EbookAccessProvider({ children }: { children: React.ReactNode }) {
  const [view, setView] = React.useState<AccessView>({ status: "checking" });

  React.useEffect(() => {
    const token = accessToken();
    const controller = new AbortController();
    fetch(`/api/ebook/library${token ? `?access=${encodeURIComponent(token)}` : ""}`, { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`GET /api/ebook/library answered ${response.status}`);
        const answer = (await response.json()) as EbookLibraryAnswer;
        setView({ status: "ready", token, ...answer });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error("E-book access check failed:", error);
        setView({ status: "failed", token });
      });
    return () => controller.abort();
  }, []);

  return <AccessContext.Provider value={view}>{children}</AccessContext.Provider>;
}

/** The demo banner, the access link's notice and the buyer's downloads, as the page's access allows. */
export function EbookAccessNotices() {
  const view = React.useContext(AccessContext);
  if (view.status === "checking") return null;
  if (view.status === "failed") {
    // Without a link there is nothing to explain: the page stays as prerendered.
    return view.token ? <AccessNotice kind="unavailable" supportEmail={site.supportEmail} /> : null;
  }
  const demo = view.level === "demo";
  return (
    <>
      {demo ? <DemoBanner /> : null}
      {view.notice ? <AccessNotice kind={view.notice} supportEmail={view.supportEmail} /> : null}
      {view.level === "full" || demo ? <EbookDownloads token={view.level === "full" ? view.token : undefined} /> : null}
    </>
  );
}

/** The Chapter Guide's sentence about what is open. */
export function ChapterGuideNote() {
  const view = React.useContext(AccessContext);
  return view.status === "ready" && view.level === "demo"
    ? "Open any chapter to explore it."
    : "Chapters 1-3 are the free preview; chapters 4-9 come with the complete guide.";
}

/** The chapter library with the content of the chapters this visitor may open. */
export function EbookChapterLibrary({ cards, parts }: { cards: readonly LibraryChapter[]; parts: ChapterCardParts }) {
  const view = React.useContext(AccessContext);
  const chapters = React.useMemo(() => {
    if (view.status !== "ready" || view.chapters.length === 0) return cards;
    const content = new Map(view.chapters.map((c) => [c.id, c.content]));
    return cards.map((card) => ({ ...card, content: content.get(card.id) ?? null }));
  }, [cards, view]);
  return (
    <div aria-busy={view.status === "checking"} data-access={view.status === "ready" ? view.level : view.status}>
      <ChapterLibrary chapters={chapters} parts={parts} />
    </div>
  );
}

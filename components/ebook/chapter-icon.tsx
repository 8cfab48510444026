import type * as React from "react";
import { Calculator, Compass, Landmark, MapPin, Scale, Search, Ship, Users, Wallet, type LucideIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Icon, type IconName } from "@/components/ui/icon";
import { buttonClassName } from "@/components/ui/button";
import type { ChapterIcon as ChapterIconName } from "@/lib/ebook/chapters";
import type { LibraryChapter } from "./library-types";

/** The lucide-react icon for each chapter's icon name (imported one by one, so only these ship). */
const ICONS: Record<ChapterIconName, LucideIcon> = {
  landmark: Landmark,
  ship: Ship,
  calculator: Calculator,
  search: Search,
  wallet: Wallet,
  "map-pin": MapPin,
  users: Users,
  scale: Scale,
  compass: Compass,
};

/** The sprite's icon for each chapter's icon name (components/ui/icon.tsx), for server-rendered parts. */
const SPRITE: Record<ChapterIconName, IconName> = {
  landmark: "landmark",
  ship: "ship",
  calculator: "calculator",
  search: "search",
  wallet: "wallet",
  "map-pin": "map-pin",
  users: "users",
  scale: "scale",
  compass: "compass",
};

export function ChapterIcon({ name, className }: { name: ChapterIconName; className?: string }) {
  const Icon = ICONS[name] ?? Landmark;
  return <Icon aria-hidden className={className} />;
}

/** The server-rendered parts of the chapter cards (see `chapterCardParts`). */
export type ChapterCardParts = {
  /** Per chapter id: the card's top row (icon and duration) and its badges. */
  chapters: Readonly<Record<number, { top: React.ReactNode; badges: React.ReactNode }>>;
  /** The Open Chapter button: Button's classes, merged here, and its label. */
  openButton: { className: string; label: React.ReactNode };
  /** The heading of a locked card's notice. */
  lockedLabel: React.ReactNode;
};

/**
 * The parts of each chapter card that do not depend on the visitor, rendered where this is
 * called (the page, on the server): the icon, the duration and the badges, the button's label
 * and classes. The library's client code (./chapter-library.tsx) then ships no icons, badges
 * or class merging (docs/performance.md, "Deferred forms").
 */
export function chapterCardParts(
  chapters: readonly Pick<LibraryChapter, "id" | "icon" | "duration" | "hasInteractiveChart" | "previewFree">[],
): ChapterCardParts {
  return {
    chapters: Object.fromEntries(
      chapters.map((chapter) => [
        chapter.id,
        {
          top: (
            <div className="flex items-start justify-between gap-3">
              <span className="flex size-11 items-center justify-center rounded-lg bg-blue-50 text-primary">
                <Icon name={SPRITE[chapter.icon] ?? "landmark"} className="size-6" />
              </span>
              <Badge variant="secondary" className="tabular-nums">
                <Icon name="clock" className="size-3" />
                <span className="sr-only">Duration </span>
                {chapter.duration}
              </Badge>
            </div>
          ),
          badges: (
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
          ),
        },
      ]),
    ),
    openButton: {
      className: buttonClassName({ className: "w-full" }),
      label: (
        <>
          <Icon name="book-open" />
          Open Chapter
        </>
      ),
    },
    lockedLabel: (
      <>
        <Icon name="lock" className="size-4" />
        Locked
      </>
    ),
  };
}

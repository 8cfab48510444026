import type * as React from "react";
import { Calculator, Compass, Landmark, MapPin, Scale, Search, Ship, Users, Wallet, type LucideIcon } from "lucide-react";
import type { ChapterIcon as ChapterIconName } from "@/lib/ebook/chapters";

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

export function ChapterIcon({ name, className }: { name: ChapterIconName; className?: string }) {
  const Icon = ICONS[name] ?? Landmark;
  return <Icon aria-hidden className={className} />;
}

/**
 * Each chapter card's icon, rendered where this is called (the page, on the server), so the
 * library's client code ships no icons (docs/performance.md, "Deferred forms").
 */
export function chapterCardIcons(chapters: readonly { id: number; icon: ChapterIconName }[]): Record<number, React.ReactNode> {
  return Object.fromEntries(chapters.map((c) => [c.id, <ChapterIcon key={c.id} name={c.icon} className="size-6" />]));
}

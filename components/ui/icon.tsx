import type { SVGProps } from "react";
import { cn } from "@/lib/utils";

/**
 * Icons for server-rendered pages, from one SVG sprite (public/icons.svg, a <symbol> per
 * icon, written by scripts/build-icons.mjs from lucide's own drawings). Each icon in the
 * page is then `<svg><use href="/icons.svg#name"/></svg>` (about 120 bytes) instead of its
 * whole drawing, which the prerendered HTML and its inline RSC payload both carried
 * (docs/performance.md). Client components may keep importing lucide-react.
 *
 * To add one: add its lucide name to ICONS below and run `node scripts/build-icons.mjs`
 * (tests/unit/icon-sprite.test.ts fails when the sprite and this list disagree).
 */
export const ICONS = [
  "arrow-left",
  "arrow-right",
  "bell-ring",
  "book-open",
  "calculator",
  "calendar-clock",
  "chart-column",
  "chart-line",
  "check",
  "chevron-down",
  "circle-check",
  "circle-minus",
  "circle-play",
  "circle-x",
  "clock",
  "coffee",
  "compass",
  "credit-card",
  "external-link",
  "eye",
  "file-text",
  "landmark",
  "layers",
  "list-checks",
  "list-tree",
  "lock",
  "map-pin",
  "megaphone",
  "newspaper",
  "piggy-bank",
  "quote",
  "scale",
  "search",
  "share-2",
  "shield-alert",
  "shield-check",
  "ship",
  "smartphone",
  "sparkles",
  "store",
  "trending-down",
  "trending-up",
  "triangle-alert",
  "users",
  "wallet",
] as const;

export type IconName = (typeof ICONS)[number];

/** The sprite's URL: public/icons.svg (Next serves public/ with max-age=0, so browsers revalidate it). */
export const ICON_SPRITE = "/icons.svg";

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children" | "name">;

/** One icon of the sprite, sized 24x24 like lucide's (Tailwind size-* classes override it). */
export function Icon({ name, className, ...rest }: IconProps & { name: IconName }) {
  return (
    <svg width={24} height={24} aria-hidden focusable="false" className={cn("lucide", className)} {...rest}>
      <use href={`${ICON_SPRITE}#${name}`} />
    </svg>
  );
}

function spriteIcon(name: IconName) {
  function SpriteIcon(props: IconProps) {
    return <Icon name={name} {...props} />;
  }
  SpriteIcon.displayName = `Icon(${name})`;
  return SpriteIcon;
}

// Drop-in replacements for the lucide-react components the server-rendered pages use.
export const ArrowLeft = spriteIcon("arrow-left");
export const ArrowRight = spriteIcon("arrow-right");
export const BellRing = spriteIcon("bell-ring");
export const BookOpen = spriteIcon("book-open");
export const Calculator = spriteIcon("calculator");
export const CalendarClock = spriteIcon("calendar-clock");
export const ChartColumn = spriteIcon("chart-column");
export const ChartLine = spriteIcon("chart-line");
export const Check = spriteIcon("check");
export const ChevronDown = spriteIcon("chevron-down");
export const CircleCheck = spriteIcon("circle-check");
export const CircleMinus = spriteIcon("circle-minus");
export const CirclePlay = spriteIcon("circle-play");
export const CircleX = spriteIcon("circle-x");
export const Clock = spriteIcon("clock");
export const Coffee = spriteIcon("coffee");
export const Compass = spriteIcon("compass");
export const CreditCard = spriteIcon("credit-card");
export const ExternalLink = spriteIcon("external-link");
export const Eye = spriteIcon("eye");
export const FileText = spriteIcon("file-text");
export const Landmark = spriteIcon("landmark");
export const Layers = spriteIcon("layers");
export const ListChecks = spriteIcon("list-checks");
export const ListTree = spriteIcon("list-tree");
export const Lock = spriteIcon("lock");
export const MapPin = spriteIcon("map-pin");
export const Megaphone = spriteIcon("megaphone");
export const Newspaper = spriteIcon("newspaper");
export const PiggyBank = spriteIcon("piggy-bank");
export const Quote = spriteIcon("quote");
export const Scale = spriteIcon("scale");
export const Search = spriteIcon("search");
export const Share2 = spriteIcon("share-2");
export const ShieldAlert = spriteIcon("shield-alert");
export const ShieldCheck = spriteIcon("shield-check");
export const Ship = spriteIcon("ship");
export const Smartphone = spriteIcon("smartphone");
export const Sparkles = spriteIcon("sparkles");
export const Store = spriteIcon("store");
export const TrendingDown = spriteIcon("trending-down");
export const TrendingUp = spriteIcon("trending-up");
export const TriangleAlert = spriteIcon("triangle-alert");
export const Users = spriteIcon("users");
export const Wallet = spriteIcon("wallet");

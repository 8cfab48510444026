import { clsx, type ClassValue } from "clsx";
import { createTailwindMerge } from "tailwind-merge";
import { CLASS_MERGE_CONFIG } from "./class-merge.generated";

/**
 * tailwind-merge's algorithm on a configuration cut down to the classes this codebase writes
 * (scripts/build-class-merge.mjs): the same merges as the stock `twMerge` for every pair of
 * them (tests/unit/class-merge.test.ts), without shipping its 8.5 kB (gzip) default
 * configuration to every page (docs/performance.md, "tailwind-merge").
 */
const merge = createTailwindMerge(() => CLASS_MERGE_CONFIG);

/** Joins class names and lets later Tailwind classes override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}

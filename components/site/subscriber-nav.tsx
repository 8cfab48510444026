"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/utils";
import { SUBSCRIBER_LINKS } from "./nav-links";

/**
 * A subscriber's pages (Watchlist, Alerts, Account), the current one marked: in the site
 * header once the browser holds the signed-in hint, and in the subscriber pages' own header.
 * A page below one of them (/watchlist/<id>) marks its parent.
 */
export function SubscriberNav({ className }: { className?: string }) {
  const pathname = usePathname();
  return (
    <ul className={cn("flex items-center gap-1", className)} aria-label="Your account">
      {SUBSCRIBER_LINKS.map((link) => {
        const here = pathname === link.href || pathname.startsWith(`${link.href}/`);
        return (
          <li key={link.href}>
            <Link
              href={link.href}
              aria-current={here ? "page" : undefined}
              className="inline-flex min-h-10 items-center rounded-md px-2 text-sm font-medium text-slate-700 hover:text-primary aria-[current=page]:text-primary aria-[current=page]:underline aria-[current=page]:underline-offset-4"
            >
              {link.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

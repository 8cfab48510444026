"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { Menu } from "lucide-react";
import { clsx } from "clsx";
import { MENU_SHEET_ID } from "./nav-links";

// The sheet (Radix Dialog: focus trap, Escape, focus return) loads on the first press, or
// when the pointer or focus reaches the button, so the dialog code is not in every page's
// first load (docs/performance.md, docs/experience.md "Navigation").
const loadSheet = () => import("./mobile-menu-sheet");
const MobileMenuSheet = dynamic(() => loadSheet().then((m) => m.MobileMenuSheet), { ssr: false });

/**
 * Where the header shows what the menu holds: from the tablet breakpoint (Tailwind's `md`,
 * 48rem) a visitor's links, from the desktop one (`lg`, 64rem) a subscriber's as well.
 */
const BREAKPOINTS = { tablet: "(min-width: 48rem)", desktop: "(min-width: 64rem)" } as const;

/**
 * The menu button: a small client island in the server-rendered header. It opens the
 * menu sheet with the site's links (components/site/nav-links.ts) plus Sign in and
 * Account, or a subscriber's links and Sign out. With `closeAt`, an open menu closes when
 * the window widens to that breakpoint, where the header's own links take over.
 */
export function MobileMenu({ className, closeAt }: { className?: string; closeAt?: keyof typeof BREAKPOINTS }) {
  const [open, setOpen] = React.useState(false);
  const [loaded, setLoaded] = React.useState(false);
  const button = React.useRef<HTMLButtonElement>(null);

  React.useEffect(() => {
    if (!open || !closeAt) return;
    const query = window.matchMedia(BREAKPOINTS[closeAt]);
    const onChange = () => {
      if (query.matches) setOpen(false);
    };
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, [open, closeAt]);

  const warm = () => void loadSheet();
  const onShown = React.useCallback(() => setLoaded(true), []);

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open && loaded ? MENU_SHEET_ID : undefined}
        data-testid="menu-button"
        onPointerEnter={warm}
        onFocus={warm}
        onClick={() => setOpen(true)}
        className={clsx(
          "inline-flex size-10 shrink-0 items-center justify-center rounded-md border border-input bg-white text-slate-800 hover:bg-muted",
          className,
        )}
      >
        <Menu aria-hidden className="size-5" />
        <span className="sr-only">Menu</span>
      </button>
      {open || loaded ? (
        <MobileMenuSheet open={open} onOpenChange={setOpen} onShown={onShown} returnFocusTo={button} />
      ) : null}
    </>
  );
}

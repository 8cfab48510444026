"use client";

import * as React from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { Dialog } from "radix-ui";
import { X } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { SignOutButton } from "@/components/accounts/sign-out-button";
import { ACCOUNT_LINKS, MENU_SHEET_ID, PRIMARY_LINKS, SUBSCRIBER_LINKS, TRIAL_LINK, type NavLink } from "./nav-links";
import { useSignedInHint } from "./use-signed-in";

const linkClass =
  "flex min-h-11 items-center rounded-md px-3 text-base font-medium text-slate-800 hover:bg-muted hover:text-primary aria-[current=page]:bg-accent aria-[current=page]:text-accent-foreground";

/**
 * The menu sheet: a modal dialog from the right edge (Radix Dialog), so focus stays inside
 * while it is open, Escape and the Close button close it, and focus goes back to the menu
 * button. Following a link closes it too. A browser with the signed-in hint gets a
 * subscriber's links and Sign out instead of the trial, Sign in and Account.
 */
export function MobileMenuSheet({
  open,
  onOpenChange,
  onShown,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onShown: () => void;
  returnFocusTo: React.RefObject<HTMLButtonElement | null>;
}) {
  const pathname = usePathname();
  const signedIn = useSignedInHint();
  React.useEffect(onShown, [onShown]);

  const item = (link: NavLink) => (
    <li key={link.href}>
      <Dialog.Close asChild>
        <Link href={link.href} className={linkClass} aria-current={pathname === link.href ? "page" : undefined}>
          {link.label}
        </Link>
      </Dialog.Close>
    </li>
  );

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content
          id={MENU_SHEET_ID}
          aria-describedby={undefined}
          data-testid="menu-sheet"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,calc(100vw-3rem))] flex-col gap-6 overflow-y-auto bg-white px-4 pb-[max(1.5rem,env(safe-area-inset-bottom))] pt-3 shadow-xl"
        >
          <div className="flex items-center justify-between pl-3">
            <Dialog.Title className="text-lg font-bold text-brand-navy">Menu</Dialog.Title>
            <Dialog.Close
              aria-label="Close menu"
              className="inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-muted hover:text-slate-900"
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <nav aria-label="Site">
            <ul className="grid gap-1">{PRIMARY_LINKS.map(item)}</ul>
          </nav>
          {signedIn ? null : (
            <Dialog.Close asChild>
              <Link href={TRIAL_LINK.href} className={cn(buttonVariants({ size: "lg" }), "w-full")}>
                {TRIAL_LINK.label}
              </Link>
            </Dialog.Close>
          )}
          <section aria-labelledby="site-menu-account" className="border-t pt-4">
            <h2 id="site-menu-account" className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-600">
              Your account
            </h2>
            <ul className="mt-2 grid gap-1">{(signedIn ? SUBSCRIBER_LINKS : ACCOUNT_LINKS).map(item)}</ul>
            {signedIn ? <SignOutButton className="mt-3 w-full" /> : null}
          </section>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

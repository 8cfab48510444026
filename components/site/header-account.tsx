"use client";

import Link from "next/link";
import { SignOutButton } from "@/components/accounts/sign-out-button";
import { Button } from "@/components/ui/button";
import { MobileMenu } from "./mobile-menu";
import { SIGN_IN_LINK, TRIAL_LINK, WATCHLIST_LINK } from "./nav-links";
import { SubscriberNav } from "./subscriber-nav";
import { useSignedInHint } from "./use-signed-in";

/**
 * The right end of the site header, the one part of it that is client code: a visitor's Sign
 * in and trial button, or, once the browser holds the signed-in hint, a subscriber's
 * Watchlist, Alerts, Account and Sign out (lib/accounts/signed-in-hint.ts). The page around
 * it stays prerendered: the server and the first render draw the visitor's links, the
 * browser then reads its hint. The menu button holds the rest below the width where they fit.
 */
export function HeaderAccount() {
  const signedIn = useSignedInHint();

  if (signedIn) {
    return (
      <div className="flex items-center gap-2" data-testid="header-account" data-state="signed-in">
        <SubscriberNav className="hidden lg:flex" />
        <SignOutButton className="hidden lg:inline-flex" />
        <Button asChild size="sm" className="hidden min-[22.5rem]:inline-flex lg:hidden">
          <Link href={WATCHLIST_LINK.href}>{WATCHLIST_LINK.label}</Link>
        </Button>
        <MobileMenu className="lg:hidden" closeAt="desktop" />
      </div>
    );
  }

  return (
    <div className="flex items-center gap-2" data-testid="header-account" data-state="visitor">
      <Link href={SIGN_IN_LINK.href} className="hidden min-h-10 items-center rounded-md px-2 text-sm font-medium text-slate-700 hover:text-primary lg:inline-flex">
        {SIGN_IN_LINK.label}
      </Link>
      {/* Room beside the menu button: "Free Trial" from 360 px, the whole label from 384 px;
          under 360 px only the menu has it. */}
      <Button asChild size="sm" className="hidden min-[22.5rem]:inline-flex">
        <Link href={TRIAL_LINK.href}>
          <span className="max-[24rem]:hidden">{TRIAL_LINK.label}</span>
          <span className="min-[24rem]:hidden">{TRIAL_LINK.shortLabel}</span>
        </Link>
      </Button>
      <MobileMenu className="md:hidden" closeAt="tablet" />
    </div>
  );
}

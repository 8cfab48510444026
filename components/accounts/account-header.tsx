import Link from "next/link";
import { ShieldAlert } from "lucide-react";
import { site } from "@/lib/site";
import { SignOutButton } from "./sign-out-button";

/** The header of subscriber pages: product name, who is signed in, and Sign out. */
export function AccountHeader({ email }: { email: string }) {
  return (
    <header className="border-b bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link href="/" className="flex items-center gap-2 text-lg font-bold text-brand-navy">
          <ShieldAlert aria-hidden className="size-6 text-primary" />
          {site.name}
        </Link>
        <div className="flex items-center gap-3">
          <span className="hidden text-sm text-slate-700 sm:inline" data-testid="signed-in-as">
            Signed in as {email}
          </span>
          <SignOutButton />
        </div>
      </div>
    </header>
  );
}

import Link from "next/link";
import { ShieldAlert } from "lucide-react";
import { site } from "@/lib/site";
import { cn } from "@/lib/utils";
import { SignOutButton } from "./sign-out-button";

const NAV = [
  { href: "/admin/email-resend", label: "Email resend" },
  { href: "/admin/emails", label: "Email outbox" },
  { href: "/admin/trial-dashboard", label: "Trial dashboard" },
  { href: "/admin/tariffs", label: "Tariff law" },
] as const;

/** Header of the admin pages: product name, the two admin pages, who is signed in, sign out. */
export function AdminHeader({ username, current }: { username: string; current: (typeof NAV)[number]["href"] }) {
  return (
    <header className="border-b bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-3 sm:px-6">
        <div className="flex flex-wrap items-center gap-6">
          <Link href="/" className="flex items-center gap-2 text-lg font-bold text-brand-navy">
            <ShieldAlert aria-hidden className="size-6 text-primary" />
            {site.name}
            <span className="rounded-full bg-brand-navy px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-white">Admin</span>
          </Link>
          <nav aria-label="Admin">
            <ul className="flex flex-wrap gap-1">
              {NAV.map((item) => (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    aria-current={item.href === current ? "page" : undefined}
                    className={cn(
                      "rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-muted hover:text-primary",
                      item.href === current && "bg-blue-50 text-blue-900",
                    )}
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="flex items-center gap-3 text-sm text-slate-700">
          <span>
            Signed in as <strong data-testid="admin-username">{username}</strong>
          </span>
          <SignOutButton />
        </div>
      </div>
    </header>
  );
}

import { requireSubscriberLayout } from "@/lib/accounts/page-guard";

/** Signed-in subscribers only: an HTTP redirect to /sign-in otherwise (lib/accounts/page-guard.ts). */
export default async function MyAlertsLayout({ children }: { children: React.ReactNode }) {
  await requireSubscriberLayout("/alerts/mine");
  return children;
}

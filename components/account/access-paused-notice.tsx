import Link from "next/link";
import { PauseCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { PLANS } from "@/lib/catalog";

/**
 * "Your alerts are paused": shown on subscriber pages when the trial or plan has ended
 * (access.alertsPaused). The account and watchlist are kept; subscribing resumes alerts.
 */
export function AccessPausedNotice({ trialEnded }: { trialEnded?: boolean }) {
  return (
    <section role="status" aria-labelledby="paused-title" className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 sm:flex sm:items-center sm:justify-between" data-testid="access-paused">
      <div className="flex gap-3">
        <PauseCircle aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
        <div>
          <h2 id="paused-title" className="font-semibold text-brand-navy">
            Your alerts are paused
          </h2>
          <p className="text-sm text-slate-700">
            {trialEnded ? "Your free trial has ended." : "Your plan has ended."} Your account and watchlist are kept; subscribe to
            resume alerts.
          </p>
        </div>
      </div>
      <Button asChild className="w-full sm:w-auto">
        <Link href={PLANS.consumer.checkoutPath}>Subscribe to resume alerts</Link>
      </Button>
    </section>
  );
}

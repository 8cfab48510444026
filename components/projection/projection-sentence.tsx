import { UnconfirmedBadge } from "@/components/watchlist/figures";
import { cn } from "@/lib/utils";

/**
 * The one sentence a projection opens with (lib/tariffs/projection-sentence.ts), and the
 * "unconfirmed" label when a figure rests on a row not yet confirmed. Server-safe.
 */
export function ProjectionSentence({ sentence, unconfirmed, className }: { sentence: string; unconfirmed: boolean; className?: string }) {
  return (
    <p className={cn("text-base text-slate-900", className)} data-testid="projection-sentence">
      {sentence}
      {unconfirmed ? (
        <>
          {" "}
          <UnconfirmedBadge className="align-middle" />
        </>
      ) : null}
    </p>
  );
}

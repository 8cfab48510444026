import Link from "next/link";

/** "Superseded by a correction": an announced event was withdrawn, moved or changed (docs/alerts.md, "Countdowns and corrections"). */
export function SupersededNote({ correctionId, className = "" }: { correctionId: string; className?: string }) {
  return (
    <p className={`font-medium text-amber-900 ${className}`} data-testid="alert-superseded">
      Superseded by{" "}
      <Link href={`/alerts/mine/${correctionId}`} className="underline">
        a correction
      </Link>
      : what this alert announced has changed.
    </p>
  );
}

"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { Check, Loader2, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { ApiError, sendJson } from "@/lib/http/client";

/**
 * Mark a Federal Register document done (its change is entered) or dismiss it (not a tariff
 * change we model); approve an HTS revision change (stores it, re-evaluates the watches it
 * touches) or dismiss it (keeps what is stored).
 */
export function ReviewActions({ id, documentNumber, kind }: { id: string; documentNumber: string; kind: string }) {
  const hts = kind.startsWith("hts-");
  const router = useRouter();
  const [pending, setPending] = React.useState<"done" | "dismissed" | null>(null);

  async function resolve(status: "done" | "dismissed") {
    setPending(status);
    try {
      const answer = await sendJson<{ message?: string }>("POST", `/api/admin/tariffs/review/${encodeURIComponent(id)}`, { status });
      toast({
        title: status === "done" ? (hts ? "Approved" : "Marked done") : "Dismissed",
        description: answer?.message ?? (hts ? documentNumber : `FR Doc ${documentNumber}`),
        variant: "success",
      });
      router.refresh();
    } catch (error) {
      toast({ title: "Could not update", description: (error instanceof ApiError && error.message) || "Please try again.", variant: "destructive" });
    } finally {
      setPending(null);
    }
  }

  return (
    <div className="flex gap-2">
      <Button type="button" size="sm" variant="outline" disabled={pending !== null} onClick={() => void resolve("done")} data-testid={`review-done-${documentNumber}`}>
        {pending === "done" ? <Loader2 aria-hidden className="animate-spin" /> : <Check aria-hidden />} {hts ? "Approve" : "Mark done"}
        <span className="sr-only"> ({documentNumber})</span>
      </Button>
      <Button type="button" size="sm" variant="ghost" disabled={pending !== null} onClick={() => void resolve("dismissed")} data-testid={`review-dismiss-${documentNumber}`}>
        {pending === "dismissed" ? <Loader2 aria-hidden className="animate-spin" /> : <X aria-hidden />} Dismiss
        <span className="sr-only"> ({documentNumber})</span>
      </Button>
    </div>
  );
}

"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { Check, Loader2, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/http/client";
import { sendJson } from "./tariff-api";

/** Mark a Federal Register document done (its change is entered) or dismiss it (not a tariff change we model). */
export function ReviewActions({ id, documentNumber }: { id: string; documentNumber: string }) {
  const router = useRouter();
  const [pending, setPending] = React.useState<"done" | "dismissed" | null>(null);

  async function resolve(status: "done" | "dismissed") {
    setPending(status);
    try {
      await sendJson("POST", `/api/admin/tariffs/review/${encodeURIComponent(id)}`, { status });
      toast({ title: status === "done" ? "Marked done" : "Dismissed", description: `FR Doc ${documentNumber}`, variant: "success" });
      router.refresh();
    } catch (error) {
      toast({ title: "Could not update", description: error instanceof ApiError ? error.message : "Please try again.", variant: "destructive" });
    } finally {
      setPending(null);
    }
  }

  return (
    <div className="flex gap-2">
      <Button type="button" size="sm" variant="outline" disabled={pending !== null} onClick={() => void resolve("done")} data-testid={`review-done-${documentNumber}`}>
        {pending === "done" ? <Loader2 aria-hidden className="animate-spin" /> : <Check aria-hidden />} Mark done
        <span className="sr-only"> ({documentNumber})</span>
      </Button>
      <Button type="button" size="sm" variant="ghost" disabled={pending !== null} onClick={() => void resolve("dismissed")} data-testid={`review-dismiss-${documentNumber}`}>
        {pending === "dismissed" ? <Loader2 aria-hidden className="animate-spin" /> : <X aria-hidden />} Dismiss
        <span className="sr-only"> ({documentNumber})</span>
      </Button>
    </div>
  );
}

"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { Loader2, RotateCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { ApiError, postJson } from "@/lib/http/client";

/**
 * The Retry button of a dead letter on /admin/emails: POST /api/admin/emails/retry, then
 * the page is read again (the message leaves the list and counts as queued).
 */
export function DeadLetterRetry({ id, label }: { id: string; label: string }) {
  const router = useRouter();
  const [pending, setPending] = React.useState(false);

  async function onClick() {
    setPending(true);
    try {
      const result = await postJson<{ message: string }>("/api/admin/emails/retry", { id });
      toast({ title: "Email queued again", description: result.message, variant: "success" });
      router.refresh();
    } catch (error) {
      const message = error instanceof ApiError && error.message ? error.message : "The email could not be queued again. Please try again.";
      toast({ title: "Retry failed", description: message, variant: "destructive" });
      router.refresh();
    } finally {
      setPending(false);
    }
  }

  return (
    <Button type="button" size="sm" variant="outline" onClick={() => void onClick()} disabled={pending} aria-label={`Retry ${label}`} data-testid="dead-letter-retry">
      {pending ? <Loader2 aria-hidden className="animate-spin" /> : <RotateCw aria-hidden />}
      {pending ? "Retrying..." : "Retry"}
    </Button>
  );
}

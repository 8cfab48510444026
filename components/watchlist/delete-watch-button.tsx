"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { ApiError, sendJson } from "@/lib/http/client";

/** Removes one watch (DELETE /api/watchlist/[id]); then refreshes the page or goes to `after`. */
export function DeleteWatchButton({ id, label, after }: { id: string; label: string; after?: string }) {
  const router = useRouter();
  const [pending, setPending] = React.useState(false);
  const onClick = async () => {
    if (!window.confirm(`Stop watching ${label}?`)) return;
    setPending(true);
    try {
      await sendJson("DELETE", `/api/watchlist/${id}`);
      toast({ title: "Removed", description: `${label} is no longer on your watchlist.`, variant: "success" });
      if (after) router.push(after);
      router.refresh();
    } catch (error) {
      toast({ title: "Could not remove it", description: (error instanceof ApiError && error.message) || "Please try again.", variant: "destructive" });
    } finally {
      setPending(false);
    }
  };
  return (
    <Button type="button" variant="ghost" size="sm" onClick={onClick} disabled={pending} aria-label={`Remove ${label} from your watchlist`}>
      <Trash2 aria-hidden />
      Remove
    </Button>
  );
}

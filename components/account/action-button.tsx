"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { Loader2 } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { ApiError, postJson } from "@/lib/http/client";

/**
 * One account action: POSTs `body` to `url`, says what happened in a live region, and
 * redraws the page with what the server recorded. When the answer has a `url` (the
 * billing portal), the browser goes there.
 */
export function ActionButton({
  url,
  body,
  children,
  done,
  confirm,
  variant,
  testId,
}: {
  url: string;
  body?: unknown;
  children: React.ReactNode;
  /** Said after success (unless the answer carries its own message). */
  done?: string;
  /** Asked first, with the browser's confirm dialog. */
  confirm?: string;
  variant?: ButtonProps["variant"];
  testId?: string;
}) {
  const router = useRouter();
  const [pending, setPending] = React.useState(false);
  const [note, setNote] = React.useState<{ ok: boolean; text: string } | null>(null);

  const run = async () => {
    if (confirm && !window.confirm(confirm)) return;
    setPending(true);
    setNote(null);
    try {
      const answer = await postJson<{ url?: string; message?: string }>(url, body ?? {});
      if (answer?.url) {
        window.location.assign(answer.url);
        return;
      }
      setNote({ ok: true, text: answer?.message ?? done ?? "Done." });
      router.refresh();
    } catch (error) {
      const text = error instanceof ApiError && error.message ? error.message : "That did not work. Check your connection and try again.";
      setNote({ ok: false, text });
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="grid gap-2">
      <Button type="button" variant={variant} onClick={run} disabled={pending} aria-busy={pending} data-testid={testId} className="w-full sm:w-auto">
        {pending ? <Loader2 aria-hidden className="animate-spin" /> : null}
        {children}
      </Button>
      <p role="status" aria-live="polite" className={note?.ok === false ? "text-sm text-destructive" : "text-sm text-slate-700"}>
        {note?.text ?? ""}
      </p>
    </div>
  );
}

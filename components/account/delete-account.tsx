"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { ApiError, postJson } from "@/lib/http/client";

/** Delete my account: type DELETE to confirm (POST /api/account/delete), then home. */
export function DeleteAccount({ hasLivePlan }: { hasLivePlan: boolean }) {
  const router = useRouter();
  const [typed, setTyped] = React.useState("");
  const [pending, setPending] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await postJson("/api/account/delete", { confirm: typed.trim() });
      router.replace("/");
      router.refresh();
    } catch (e) {
      setError(e instanceof ApiError && e.message ? e.message : "Could not delete the account. Try again.");
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} className="grid gap-3" data-testid="delete-account">
      <p className="text-sm text-slate-700">
        This removes your account, watchlist, alerts, trial and newsletter signup for good.
        {hasLivePlan ? " Your subscription is cancelled at once, with no further charges." : ""} Receipts of past payments are kept
        for the tax records the law requires, with your email removed from them.
      </p>
      <label htmlFor="delete-confirm" className="text-sm font-medium">
        Type DELETE to confirm
      </label>
      <Input
        id="delete-confirm"
        name="confirm"
        autoComplete="off"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? "delete-error" : undefined}
        className="sm:max-w-xs"
      />
      {error ? (
        <p id="delete-error" role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" variant="destructive" disabled={pending || typed.trim() !== "DELETE"} className="w-full sm:w-auto sm:justify-self-start">
        {pending ? <Loader2 aria-hidden className="animate-spin" /> : null}
        Delete my account
      </Button>
    </form>
  );
}

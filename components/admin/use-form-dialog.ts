"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/use-toast";
import { ApiError, sendJson } from "@/lib/http/client";

export type SaveResult = { message: string; tone: "ok" | "error" };
type InputEvent = React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>;

/**
 * The state every admin add/edit dialog shares: open or closed, the typed values (reset to
 * `initial()` each time the dialog opens), per-field errors, the save in flight and its
 * result. `save` sends the body, announces the server's message, refreshes the page's
 * data (or opens `goTo` of the answer, where the saved row is shown) and closes an "add"
 * dialog; an edit dialog stays open showing the result.
 */
export function useFormDialog<V extends Record<string, string>>({
  initial,
  editing,
  savedTitle,
  goTo,
}: {
  initial: () => V;
  editing: boolean;
  /** The toast's title after a save ("Measure saved"). */
  savedTitle: string;
  /** Where to go after a save, from the server's answer (none: stay, with the data refreshed). */
  goTo?: (answer: { item?: { id?: unknown } }) => string | undefined;
}) {
  const router = useRouter();
  const [open, setOpen] = React.useState(false);
  const [values, setValues] = React.useState<V>(initial);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [pending, setPending] = React.useState(false);
  const [result, setResult] = React.useState<SaveResult | null>(null);

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) {
      setValues(initial());
      setErrors({});
      setResult(null);
    }
  }

  /** An onChange handler that writes field `k`. */
  const set = (k: keyof V) => (e: InputEvent) => setValues((v) => ({ ...v, [k]: e.target.value }));

  /** Refuses the form before sending: the fields' errors and a summary above the button. */
  function refuse(fieldErrors: Record<string, string>) {
    setErrors(fieldErrors);
    setResult({ message: "Check the fields marked below.", tone: "error" });
  }

  async function save(method: "POST" | "PATCH", url: string, body: Record<string, unknown>) {
    setPending(true);
    setErrors({});
    setResult(null);
    try {
      const answer = await sendJson<{ message: string; item?: { id?: unknown } }>(method, url, body);
      setResult({ message: answer.message, tone: "ok" });
      toast({ title: savedTitle, description: answer.message, variant: "success" });
      const next = goTo?.(answer);
      if (next) router.push(next);
      else router.refresh();
      if (!editing) setOpen(false);
    } catch (error) {
      const refusal = error instanceof ApiError ? error : null;
      setErrors(refusal?.errors ?? {});
      setResult({ message: refusal?.message || "Could not save.", tone: "error" });
    } finally {
      setPending(false);
    }
  }

  return { open, onOpenChange, values, setValues, set, errors, pending, result, refuse, save };
}

"use client";

import * as React from "react";
import { Loader2 } from "lucide-react";
import { SubmitButton } from "@/components/forms/submit-button";
import { ApiError, postJson } from "@/lib/http/client";

type Frequency = "instant" | "daily" | "weekly";
type Kind = "alerts" | "digest" | "marketing";

const FREQUENCIES: { value: Frequency; label: string; hint: string }[] = [
  { value: "instant", label: "Instant", hint: "Each alert by email as it happens" },
  { value: "daily", label: "Daily digest", hint: "One email a day with the day's alerts" },
  { value: "weekly", label: "Weekly digest", hint: "One email a week" },
];

const KINDS: { value: Kind; label: string; hint: string }[] = [
  { value: "alerts", label: "Alert emails", hint: "Each alert, on its own or in your digest. Off: alerts stay on your alerts page only." },
  { value: "digest", label: "Daily or weekly digest", hint: "Your watches' projections and the latest price figures." },
  { value: "marketing", label: "News, offers and the newsletter", hint: "Off unless you turn it on." },
];

/** Email preferences: how alerts arrive and which kinds of email are on (POST /api/account/preferences). */
export function PreferencesForm({
  initial,
  instantAllowed,
  instantPlan,
}: {
  initial: { alertFrequency: Frequency; emailOptOuts: Kind[] };
  instantAllowed: boolean;
  /** The plan that has instant alerts ("Consumer Plan"), named when it is locked. */
  instantPlan: string;
}) {
  const [frequency, setFrequency] = React.useState<Frequency>(initial.alertFrequency);
  const [off, setOff] = React.useState<Set<Kind>>(new Set(initial.emailOptOuts));
  const [pending, setPending] = React.useState(false);
  const [note, setNote] = React.useState<{ ok: boolean; text: string } | null>(null);
  const [errors, setErrors] = React.useState<Record<string, string>>({});

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setPending(true);
    setNote(null);
    setErrors({});
    try {
      const saved = await postJson<{ alertFrequency: Frequency; emailOptOuts: Kind[] }>("/api/account/preferences", {
        alertFrequency: frequency,
        emailOptOuts: KINDS.map((k) => k.value).filter((k) => off.has(k)),
      });
      setFrequency(saved.alertFrequency);
      setOff(new Set(saved.emailOptOuts));
      setNote({ ok: true, text: "Preferences saved." });
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.errors);
      setNote({ ok: false, text: error instanceof ApiError && error.message ? error.message : "Could not save. Try again." });
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} className="grid gap-5" aria-describedby="prefs-status" data-testid="preferences-form">
      <fieldset className="grid gap-2" aria-invalid={Boolean(errors.alertFrequency)}>
        <legend className="mb-1 text-sm font-semibold text-brand-navy">How alerts arrive</legend>
        {FREQUENCIES.map((f) => {
          const locked = f.value === "instant" && !instantAllowed;
          return (
            <label key={f.value} className={`flex items-start gap-3 rounded-md border p-3 ${locked ? "opacity-70" : "cursor-pointer"}`}>
              <input
                type="radio"
                name="alertFrequency"
                value={f.value}
                checked={frequency === f.value}
                disabled={locked}
                onChange={() => setFrequency(f.value)}
                className="mt-1 size-4 accent-primary"
              />
              <span>
                <span className="block text-sm font-medium">{f.label}</span>
                <span className="block text-sm text-slate-600">{locked ? `${f.hint}: part of the ${instantPlan} and above.` : f.hint}</span>
              </span>
            </label>
          );
        })}
        {errors.alertFrequency ? <p className="text-sm text-destructive">{errors.alertFrequency}</p> : null}
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold text-brand-navy">Emails you get</legend>
        {KINDS.map((k) => (
          <label key={k.value} className="flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm">
            <input
              type="checkbox"
              name="emailKinds"
              value={k.value}
              checked={!off.has(k.value)}
              onChange={(e) => {
                const next = new Set(off);
                if (e.target.checked) next.delete(k.value);
                else next.add(k.value);
                setOff(next);
              }}
              className="mt-0.5 size-4 accent-primary"
            />
            <span>
              <span className="block font-medium">{k.label}</span>
              <span className="block text-slate-600">
                {k.hint}
              </span>
            </span>
          </label>
        ))}
        {!instantAllowed ? (
          <p className="text-sm text-slate-700" data-testid="alerts-in-digest">
            On your plan, alerts arrive in your digest: switch off &ldquo;Alert emails&rdquo; to stop them by email.
          </p>
        ) : null}
        <p className="text-sm text-slate-600">Receipts and notices about your account are always sent.</p>
      </fieldset>
      <div className="grid gap-2 sm:flex sm:items-center sm:gap-4">
        <SubmitButton disabled={pending} aria-busy={pending} className="w-full sm:w-auto">
          {pending ? <Loader2 aria-hidden className="animate-spin" /> : null}
          Save preferences
        </SubmitButton>
        <p id="prefs-status" role="status" aria-live="polite" className={note?.ok === false ? "text-sm text-destructive" : "text-sm text-slate-700"}>
          {note?.text ?? ""}
        </p>
      </div>
    </form>
  );
}

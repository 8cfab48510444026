"use client";

import * as React from "react";
import { Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SOURCE_KINDS } from "@/lib/admin/tariff-schemas";
import { cn } from "@/lib/utils";

/** One labelled field with its hint and its error (announced, linked by aria-describedby). */
export function Field({
  id,
  label,
  hint,
  error,
  children,
  className,
}: {
  id: string;
  label: string;
  hint?: React.ReactNode;
  error?: string;
  children: (props: { id: string; "aria-invalid": boolean; "aria-describedby": string | undefined }) => React.ReactNode;
  className?: string;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": describedBy })}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700" data-testid={`error-${id}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const selectClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-red-600";
export const textareaClass =
  "min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-red-600";

export type SourceValues = { sourceUrl: string; sourceTitle: string; sourceKind: string; sourceCitation: string; sourcePublishedAt: string };
export const EMPTY_SOURCE: SourceValues = { sourceUrl: "", sourceTitle: "", sourceKind: "", sourceCitation: "", sourcePublishedAt: "" };

/** The source fields of a form's values. */
export function sourceOf(v: SourceValues): SourceValues {
  return { sourceUrl: v.sourceUrl, sourceTitle: v.sourceTitle, sourceKind: v.sourceKind, sourceCitation: v.sourceCitation, sourcePublishedAt: v.sourcePublishedAt };
}

/** The source fields sent with a change: only what was filled in. */
export function sourceBody(v: SourceValues): Record<string, string> {
  const body: Record<string, string> = {};
  for (const [k, value] of Object.entries(sourceOf(v))) if (value.trim()) body[k] = value.trim();
  return body;
}

/** The citation of a change: the URL (required for new rows), and optionally what the server cannot read from it. */
export function SourceFields({
  prefix,
  values,
  onChange,
  errors,
  required,
}: {
  prefix: string;
  values: SourceValues;
  onChange: (v: SourceValues) => void;
  errors: Record<string, string>;
  required: boolean;
}) {
  const set = (k: keyof SourceValues) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => onChange({ ...values, [k]: e.target.value });
  return (
    <fieldset className="grid gap-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-semibold text-brand-navy">Legal source {required ? "(required)" : "(only to change it)"}</legend>
      <Field
        id={`${prefix}-sourceUrl`}
        label="Citation URL"
        hint="https only: the Federal Register document, proclamation, HTS release or ruling. A URL already on file reuses its source."
        error={errors.sourceUrl}
      >
        {(p) => <Input {...p} type="url" inputMode="url" required={required} value={values.sourceUrl} onChange={set("sourceUrl")} placeholder="https://www.federalregister.gov/documents/..." />}
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${prefix}-sourceTitle`} label="Title (optional)" error={errors.sourceTitle}>
          {(p) => <Input {...p} value={values.sourceTitle} onChange={set("sourceTitle")} />}
        </Field>
        <Field id={`${prefix}-sourceCitation`} label="Citation (optional)" hint='e.g. "91 FR 34272"; read from a Federal Register URL when left blank.' error={errors.sourceCitation}>
          {(p) => <Input {...p} value={values.sourceCitation} onChange={set("sourceCitation")} />}
        </Field>
        <Field id={`${prefix}-sourceKind`} label="Kind (optional)" error={errors.sourceKind}>
          {(p) => (
            <select {...p} className={selectClass} value={values.sourceKind} onChange={set("sourceKind")}>
              <option value="">From the URL</option>
              {SOURCE_KINDS.map((k) => (
                <option key={k} value={k}>
                  {k}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${prefix}-sourcePublishedAt`} label="Published (optional)" error={errors.sourcePublishedAt}>
          {(p) => <Input {...p} type="date" value={values.sourcePublishedAt} onChange={set("sourcePublishedAt")} />}
        </Field>
      </div>
    </fieldset>
  );
}

/** The answer of a save, shown under the form and in the page's live region. */
export function SaveMessage({ message, tone }: { message: string | null; tone: "ok" | "error" }) {
  if (!message) return null;
  return (
    <p role={tone === "error" ? "alert" : "status"} className={cn("rounded-md p-3 text-sm", tone === "error" ? "bg-red-50 text-red-900" : "bg-green-50 text-green-900")} data-testid="tariff-save-message">
      {message}
    </p>
  );
}

/** The foot of an admin form: the save's result, then the submit button (busy while saving). */
export function SaveFooter({ result, pending, label }: { result: { message: string; tone: "ok" | "error" } | null; pending: boolean; label: string }) {
  return (
    <>
      <SaveMessage message={result?.message ?? null} tone={result?.tone ?? "ok"} />
      <div className="flex justify-end gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? <Loader2 aria-hidden className="animate-spin" /> : null}
          {pending ? "Saving..." : label}
        </Button>
      </div>
    </>
  );
}

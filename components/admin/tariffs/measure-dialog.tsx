"use client";

import * as React from "react";
import { Pencil, Plus } from "lucide-react";
import { useFormDialog } from "@/components/admin/use-form-dialog";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { AUTHORITIES, CONFIDENCES, STACKING } from "@/lib/admin/tariff-schemas";
import type { TariffMeasure } from "@/lib/tariffs/types";
import { EMPTY_SOURCE, Field, SaveFooter, selectClass, SourceFields, sourceBody, sourceOf, textareaClass, type SourceValues } from "./form-parts";
import { fractionToPercent, percentToFraction, splitList } from "./field-values";

type Values = {
  id: string;
  authority: string;
  name: string;
  ch99Headings: string;
  ratePct: string;
  countries: string;
  excludedCountries: string;
  countryOverrides: string;
  products: string;
  excludedProducts: string;
  notWith: string;
  stacking: string;
  confidence: string;
  notes: string;
};

/** The fields the form edits: all the dialog is given, so the page ships nothing more per measure. */
export type EditableMeasure = Pick<
  TariffMeasure,
  "id" | "authority" | "name" | "ch99Headings" | "rate" | "countries" | "excludedCountries" | "countryOverrides" | "products" | "excludedProducts" | "notWith" | "stacking" | "confidence" | "notes"
>;

function initial(m?: EditableMeasure): Values {
  return {
    id: "",
    authority: m?.authority ?? "S232",
    name: m?.name ?? "",
    ch99Headings: m?.ch99Headings.join(", ") ?? "",
    ratePct: fractionToPercent(m?.rate),
    countries: m ? (m.countries === "ALL" ? "ALL" : m.countries.join(", ")) : "ALL",
    excludedCountries: m?.excludedCountries.join(", ") ?? "",
    countryOverrides: m && m.countryOverrides.length ? JSON.stringify(m.countryOverrides, null, 1) : "",
    products: m?.products.join(", ") ?? "",
    excludedProducts: m?.excludedProducts.join(", ") ?? "",
    notWith: m?.notWith.join(", ") ?? "",
    stacking: m?.stacking ?? "ADD",
    confidence: m?.confidence ?? "medium",
    notes: m?.notes ?? "",
  };
}

/** Add a measure, or edit one: every field of the measure, and its legal source (required for a new one). */
export function MeasureDialog({ measure }: { measure?: EditableMeasure }) {
  const editing = Boolean(measure);
  const prefix = editing ? `m-${measure!.id}` : "m-new";
  const { open, onOpenChange, values, setValues, set, errors, pending, result, refuse, save } = useFormDialog<Values & SourceValues>({
    initial: () => ({ ...initial(measure), ...EMPTY_SOURCE }),
    editing,
    savedTitle: editing ? "Measure saved" : "Measure added",
    // An added measure is shown on its page of the list (lib/admin/measure-page.ts).
    goTo: editing ? undefined : ({ item }) => (typeof item?.id === "string" ? `/admin/tariffs?measure=${encodeURIComponent(item.id)}#measure-${item.id}` : undefined),
  });

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const local: Record<string, string> = {};
    const rate = percentToFraction(values.ratePct);
    if (rate !== null && Number.isNaN(rate)) local.rate = "Type the rate as a percent, e.g. 25 or 7.5 (blank: country rates only).";
    let overrides: unknown = [];
    if (values.countryOverrides.trim()) {
      try {
        overrides = JSON.parse(values.countryOverrides);
      } catch {
        local.countryOverrides = 'Country overrides are JSON: [{"country": "VN", "rate": 0.2}] (rates as fractions).';
      }
    }
    if (Object.keys(local).length) {
      refuse(local);
      return;
    }
    const countries = values.countries.trim().toUpperCase() === "ALL" ? "ALL" : splitList(values.countries);
    const body: Record<string, unknown> = {
      authority: values.authority,
      name: values.name,
      ch99Headings: splitList(values.ch99Headings),
      rate,
      countries,
      excludedCountries: splitList(values.excludedCountries),
      countryOverrides: overrides,
      products: splitList(values.products),
      excludedProducts: splitList(values.excludedProducts),
      notWith: splitList(values.notWith),
      stacking: values.stacking,
      confidence: values.confidence,
      notes: values.notes,
      ...sourceBody(values),
    };
    if (!editing && values.id.trim()) body.id = values.id.trim();
    if (editing) await save("PATCH", `/api/admin/tariffs/measures/${encodeURIComponent(measure!.id)}`, body);
    else await save("POST", "/api/admin/tariffs/measures", body);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        {editing ? (
          <Button type="button" variant="outline" size="sm" data-testid={`edit-measure-${measure!.id}`}>
            <Pencil aria-hidden /> Edit measure
          </Button>
        ) : (
          <Button type="button" data-testid="add-measure">
            <Plus aria-hidden /> Add measure
          </Button>
        )}
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] max-w-3xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{editing ? `Edit ${measure!.id}` : "Add a measure"}</DialogTitle>
          <DialogDescription>
            Rates in percent; HTS prefixes and countries as lists (comma or space separated). Saving re-evaluates only the watches on this measure&apos;s lines.
            {editing && !measure!.id.startsWith("op_") ? " This measure comes from the committed tables: a re-load of the tables replaces edits to it (change data/tariffs to keep them)." : ""}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-busy={pending}>
          <div className="grid gap-3 sm:grid-cols-2">
            {!editing ? (
              <Field id={`${prefix}-id`} label="Id (optional)" hint='Starts with "op_"; made from the name when blank.' error={errors.id}>
                {(p) => <Input {...p} value={values.id} onChange={set("id")} placeholder="op_s232_furniture" />}
              </Field>
            ) : null}
            <Field id={`${prefix}-name`} label="Name" error={errors.name} className={editing ? "sm:col-span-2" : undefined}>
              {(p) => <Input {...p} required value={values.name} onChange={set("name")} />}
            </Field>
            <Field id={`${prefix}-authority`} label="Authority" error={errors.authority}>
              {(p) => (
                <select {...p} className={selectClass} value={values.authority} onChange={set("authority")}>
                  {AUTHORITIES.map((a) => (
                    <option key={a} value={a}>
                      {a}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field id={`${prefix}-rate`} label="Rate (%)" hint="Additional ad valorem rate as first in force; blank = per-country rates only." error={errors.rate}>
              {(p) => <Input {...p} inputMode="decimal" value={values.ratePct} onChange={set("ratePct")} placeholder="25" />}
            </Field>
            <Field id={`${prefix}-ch99`} label="Chapter 99 headings" hint="e.g. 9903.88.15, 9903.01.43-9903.01.75" error={firstError(errors, "ch99Headings")}>
              {(p) => <Input {...p} value={values.ch99Headings} onChange={set("ch99Headings")} />}
            </Field>
            <Field id={`${prefix}-confidence`} label="Confidence" error={errors.confidence}>
              {(p) => (
                <select {...p} className={selectClass} value={values.confidence} onChange={set("confidence")}>
                  {CONFIDENCES.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field id={`${prefix}-products`} label="HTS prefixes in scope" hint='2-10 digits each (dots allowed), or "*" for every product.' error={firstError(errors, "products")}>
              {(p) => <Input {...p} value={values.products} onChange={set("products")} placeholder="6403, 6404.11" />}
            </Field>
            <Field id={`${prefix}-excludedProducts`} label="HTS prefixes excluded" error={firstError(errors, "excludedProducts")}>
              {(p) => <Input {...p} value={values.excludedProducts} onChange={set("excludedProducts")} />}
            </Field>
            <Field id={`${prefix}-countries`} label="Countries" hint='"ALL" or ISO codes: CN, VN' error={firstError(errors, "countries")}>
              {(p) => <Input {...p} value={values.countries} onChange={set("countries")} />}
            </Field>
            <Field id={`${prefix}-excludedCountries`} label="Countries excluded" error={firstError(errors, "excludedCountries")}>
              {(p) => <Input {...p} value={values.excludedCountries} onChange={set("excludedCountries")} placeholder="CA, MX" />}
            </Field>
            <Field id={`${prefix}-stacking`} label="Stacking" error={errors.stacking}>
              {(p) => (
                <select {...p} className={selectClass} value={values.stacking} onChange={set("stacking")}>
                  {STACKING.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field id={`${prefix}-notWith`} label="Does not apply with" hint="Authorities, e.g. S232" error={firstError(errors, "notWith")}>
              {(p) => <Input {...p} value={values.notWith} onChange={set("notWith")} />}
            </Field>
          </div>
          <Field id={`${prefix}-overrides`} label="Country overrides (JSON, optional)" hint='[{"country": "VN", "rate": 0.2}, {"country": "JP", "floor": 0.15}]: fractions.' error={firstError(errors, "countryOverrides")}>
            {(p) => <textarea {...p} className={textareaClass} value={values.countryOverrides} onChange={set("countryOverrides")} spellCheck={false} />}
          </Field>
          <Field id={`${prefix}-notes`} label="Notes" hint="Plain-language scope and caveats shown beside the figures." error={errors.notes}>
            {(p) => <textarea {...p} className={textareaClass} value={values.notes} onChange={set("notes")} />}
          </Field>
          <SourceFields prefix={prefix} values={sourceOf(values)} onChange={(source) => setValues((v) => ({ ...v, ...source }))} errors={errors} required={!editing} />
          <SaveFooter result={result} pending={pending} label={editing ? "Save measure" : "Add measure"} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The error of a list field or of its first bad entry ("products.2"). */
export function firstError(errors: Record<string, string>, field: string): string | undefined {
  if (errors[field]) return errors[field];
  const key = Object.keys(errors).find((k) => k.startsWith(`${field}.`));
  return key ? errors[key] : undefined;
}

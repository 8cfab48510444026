"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { Loader2, Pencil, Plus, Trash2 } from "lucide-react";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { useFormDialog } from "@/components/admin/use-form-dialog";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { EVENT_TYPES } from "@/lib/admin/tariff-schemas";
import { ApiError, sendJson } from "@/lib/http/client";
import type { MeasureEvent } from "@/lib/tariffs/types";
import { EMPTY_SOURCE, Field, SaveFooter, selectClass, SourceFields, sourceBody, sourceOf, textareaClass, type SourceValues } from "./form-parts";
import { fractionToPercent, percentToFraction } from "./field-values";

type Values = { date: string; type: string; ratePct: string; country: string; note: string };
type Answer = { message: string };

function initial(e?: MeasureEvent): Values {
  return { date: e?.date ?? "", type: e?.type ?? "EFFECTIVE", ratePct: fractionToPercent(e?.rate), country: e?.country ?? "", note: e?.note ?? "" };
}

/** Add a dated legal event to a measure, or edit one. A new event must cite its source. */
export function EventDialog({ measureId, measureName, event }: { measureId: string; measureName: string; event?: MeasureEvent }) {
  const editing = Boolean(event);
  const prefix = editing ? `e-${event!.id}` : `e-new-${measureId}`;
  const { open, onOpenChange, values, setValues, set, errors, pending, result, refuse, save } = useFormDialog<Values & SourceValues>({
    initial: () => ({ ...initial(event), ...EMPTY_SOURCE }),
    editing,
    savedTitle: editing ? "Event saved" : "Event added",
  });

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const rate = percentToFraction(values.ratePct);
    if (rate !== null && Number.isNaN(rate)) {
      refuse({ rate: "Type the rate as a percent, e.g. 25 or 7.5 (blank: no rate)." });
      return;
    }
    const body: Record<string, unknown> = {
      date: values.date,
      type: values.type,
      rate,
      country: values.country.trim() ? values.country.trim() : null,
      note: values.note,
      ...sourceBody(values),
    };
    if (!editing) body.measureId = measureId;
    if (editing) await save("PATCH", `/api/admin/tariffs/events/${encodeURIComponent(event!.id)}`, body);
    else await save("POST", "/api/admin/tariffs/events", body);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        {editing ? (
          <Button type="button" variant="ghost" size="sm" aria-label={`Edit event ${event!.type} ${event!.date}`} data-testid={`edit-event-${event!.id}`}>
            <Pencil aria-hidden />
          </Button>
        ) : (
          <Button type="button" variant="outline" size="sm" data-testid={`add-event-${measureId}`}>
            <Plus aria-hidden /> Add event
          </Button>
        )}
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{editing ? "Edit event" : "Add an event"}</DialogTitle>
          <DialogDescription>
            {measureName}. The date is the first day the new state holds. Saving re-evaluates only the watches on this measure&apos;s lines.
            {editing && !event!.id.startsWith("op_") ? " This event comes from the committed tables: a re-load of the tables replaces edits to it." : ""}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-busy={pending}>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id={`${prefix}-date`} label="Effective day" error={errors.date}>
              {(p) => <Input {...p} type="date" required value={values.date} onChange={set("date")} />}
            </Field>
            <Field id={`${prefix}-type`} label="Type" error={errors.type}>
              {(p) => (
                <select {...p} className={selectClass} value={values.type} onChange={set("type")}>
                  {EVENT_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field id={`${prefix}-rate`} label="New rate (%)" hint="Required for RATE_CHANGE; optional for EFFECTIVE." error={errors.rate}>
              {(p) => <Input {...p} inputMode="decimal" value={values.ratePct} onChange={set("ratePct")} />}
            </Field>
            <Field id={`${prefix}-country`} label="Country (optional)" hint="ISO code when the rate is for one country only." error={errors.country}>
              {(p) => <Input {...p} value={values.country} onChange={set("country")} maxLength={2} />}
            </Field>
          </div>
          <Field id={`${prefix}-note`} label="Note" error={errors.note}>
            {(p) => <textarea {...p} className={textareaClass} value={values.note} onChange={set("note")} />}
          </Field>
          <SourceFields prefix={prefix} values={sourceOf(values)} onChange={(source) => setValues((v) => ({ ...v, ...source }))} errors={errors} required={!editing} />
          <SaveFooter result={result} pending={pending} label={editing ? "Save event" : "Add event"} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Deletes an event after a confirmation; the audit log keeps what it was. */
export function DeleteEventButton({ event }: { event: MeasureEvent }) {
  const router = useRouter();
  const [open, setOpen] = React.useState(false);
  const [pending, setPending] = React.useState(false);

  async function onConfirm() {
    setOpen(false);
    setPending(true);
    try {
      const answer = await sendJson<Answer>("DELETE", `/api/admin/tariffs/events/${encodeURIComponent(event.id)}`);
      toast({ title: "Event deleted", description: answer.message, variant: "success" });
      router.refresh();
    } catch (error) {
      toast({ title: "Could not delete", description: (error instanceof ApiError && error.message) || "Please try again.", variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        disabled={pending}
        onClick={() => setOpen(true)}
        aria-label={`Delete event ${event.type} ${event.date}`}
        data-testid={`delete-event-${event.id}`}
      >
        {pending ? <Loader2 aria-hidden className="animate-spin" /> : <Trash2 aria-hidden />}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this event?"
        description={
          <>
            {event.type} on {event.date} ({event.id}). The watches on this measure&apos;s lines are re-evaluated; the audit log keeps the event as it was.
          </>
        }
        confirmLabel="Delete event"
        onConfirm={() => void onConfirm()}
      />
    </>
  );
}

import Link from "next/link";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Field } from "@/components/forms/field";
import { HORIZONS } from "@/lib/watchlist/schema";
import { Select } from "./select";

/** The look-ahead of a watch (how many days of the law's calendar it projects), as the add and settings forms ask it. */
export function HorizonField({ id, error, registration }: { id: string; error: string | undefined; registration: UseFormRegisterReturn }) {
  return (
    <Field id={id} label="Look ahead" error={error}>
      {(a11y) => (
        <Select {...a11y} {...registration}>
          {HORIZONS.map((h) => (
            <option key={h} value={String(h)}>
              {h} days
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

/** The plan's refusal of an add (a limit reached, a feature of another plan), with the way to the plans. */
export function PlanRefusal({ refusal, testId }: { refusal: string | null; testId: string }) {
  if (!refusal) return null;
  return (
    <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid={testId}>
      {refusal}{" "}
      <Link href="/pricing" className="font-semibold underline">
        See plans
      </Link>
    </p>
  );
}

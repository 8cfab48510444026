import { Button } from "@/components/ui/button";
import { Input, inputClassName } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { DUTY_FIRST_DAY, DUTY_LAST_DAY } from "@/lib/api/limits";
import { COUNTRY_NAMES } from "@/lib/watchlist/countries";

const COUNTRIES = Object.entries(COUNTRY_NAMES).sort((a, b) => a[1].localeCompare(b[1]));

export type DutyFormValues = { hts: string; origin: string; date: string };

/**
 * The duty lookup's form (docs/tariffs.md "Duty lookup"): a plain GET form, so it works
 * without script and keeps the question in the address; the answer is rendered below it.
 */
export function DutyForm({ values, errors }: { values: DutyFormValues; errors: Record<string, string> }) {
  const field = (name: keyof DutyFormValues) =>
    errors[name] ? { "aria-invalid": true as const, "aria-describedby": `duty-${name}-error` } : {};
  const error = (name: keyof DutyFormValues) =>
    errors[name] ? (
      <p id={`duty-${name}-error`} className="text-sm text-red-800">
        {errors[name]}
      </p>
    ) : null;
  return (
    <form method="get" action="/duty#answer" className="grid gap-5 rounded-xl border bg-white p-5 shadow-sm sm:grid-cols-2 lg:grid-cols-[2fr_2fr_1.5fr_auto] lg:items-end" aria-label="Duty lookup">
      <div className="grid gap-1.5">
        <Label htmlFor="duty-hts">HTS code</Label>
        <Input id="duty-hts" name="hts" defaultValue={values.hts} inputMode="decimal" autoComplete="off" placeholder="e.g. 9401.61.40.11" required {...field("hts")} />
        <p className="text-xs text-slate-600">
          8 or 10 digits. Don&rsquo;t know it? Find it in the{" "}
          <a className="underline" href="https://hts.usitc.gov/" target="_blank" rel="noopener noreferrer">
            U.S. tariff schedule (USITC)
          </a>
          .
        </p>
        {error("hts")}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="duty-origin">Made in</Label>
        <select id="duty-origin" name="origin" defaultValue={values.origin} required className={inputClassName()} {...field("origin")}>
          <option value="">Choose a country</option>
          {COUNTRIES.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
        {error("origin")}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="duty-date">Day of entry</Label>
        <Input id="duty-date" name="date" type="date" min={DUTY_FIRST_DAY} max={DUTY_LAST_DAY} defaultValue={values.date} {...field("date")} />
        {error("date")}
      </div>
      <Button type="submit" data-testid="duty-submit">
        Look up the duty
      </Button>
    </form>
  );
}

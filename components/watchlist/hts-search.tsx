"use client";

import * as React from "react";
import useSWR from "swr";
import { Loader2, Search } from "lucide-react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";
import { getJson } from "@/lib/http/client";

/** One line of GET /api/hts/search (docs/search.md, "API"). */
export type HtsResult = {
  code: string;
  description: string;
  descriptionPath: string;
  generalRateText: string;
  categoryId: string;
  categoryName: string;
  title: string;
  parents: string[];
};

type Suggestions = { suggestions: string[] };

const LISTBOX_ID = "hts-search-listbox";
const optionId = (i: number) => `hts-option-${i}`;

/**
 * Search the HTS lines in everyday words (GET /api/hts/search) and pick one to pin an item
 * to: a combobox (WAI-ARIA 1.2, list autocomplete). Arrow keys move through the lines found,
 * Enter picks, Escape closes; each line shows its readable name, code, rate, category and the
 * path above it. When nothing fits, names to try (GET /api/hts/suggestions) and the category
 * list below.
 */
export function HtsSearch({ onPick }: { onPick: (line: HtsResult, query: string) => void }) {
  const [text, setText] = React.useState("");
  const [query, setQuery] = React.useState("");
  const [open, setOpen] = React.useState(false);
  // The line in focus belongs to one answer: a new answer starts with none in focus.
  const [pointer, setPointer] = React.useState<{ index: number; answer: unknown }>({ index: -1, answer: null });
  const inputRef = React.useRef<HTMLInputElement>(null);
  React.useEffect(() => {
    const t = setTimeout(() => setQuery(text.trim()), 200);
    return () => clearTimeout(t);
  }, [text]);

  const key = query.length >= 2 ? `/api/hts/search?q=${encodeURIComponent(query)}&limit=12` : null;
  const { data, error, isLoading } = useSWR<HtsResult[]>(key, getJson, { keepPreviousData: true, revalidateOnFocus: false });
  const lines = key && data ? data : [];
  const nothing = Boolean(key && data && !data.length && !isLoading);
  const { data: tips } = useSWR<Suggestions>(nothing ? `/api/hts/suggestions?q=${encodeURIComponent(query)}` : null, getJson, { revalidateOnFocus: false });
  const expanded = open && lines.length > 0;

  const active = pointer.answer === data ? pointer.index : -1;
  const setActive = (index: number) => setPointer({ index, answer: data });
  React.useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
  }, [active]);

  const pick = (line: HtsResult) => {
    setOpen(false);
    onPick(line, text.trim());
  };
  const tryName = (name: string) => {
    setText(name);
    setOpen(true);
    inputRef.current?.focus();
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!lines.length) return;
      setOpen(true);
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive(active < 0 ? (step > 0 ? 0 : lines.length - 1) : (active + step + lines.length) % lines.length);
    } else if (e.key === "Enter") {
      // Enter never submits the form from here: it picks the line in focus, if any.
      e.preventDefault();
      const line = expanded && active >= 0 ? lines[active] : undefined;
      if (line) pick(line);
    } else if (e.key === "Escape") {
      if (expanded) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    } else if ((e.key === "Home" || e.key === "End") && expanded && active >= 0) {
      e.preventDefault();
      setActive(e.key === "Home" ? 0 : lines.length - 1);
    }
  };

  const status = !key
    ? "Type what you buy in your own words (e.g. running shoes, couch, iPhone) or an HTS code."
    : isLoading && !data
      ? "Searching…"
      : error
        ? "The search failed. Please try again."
        : lines.length
          ? `${lines.length} HTS ${lines.length === 1 ? "line" : "lines"} found${expanded ? ": use the arrow keys to choose, Enter to pick." : "."}`
          : `No HTS line matches “${query}”.`;

  return (
    <div className="grid grid-cols-1 gap-2">
      <Label htmlFor="hts-search">Search the tariff schedule (optional)</Label>
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
        <Input
          ref={inputRef}
          id="hts-search"
          type="text"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={LISTBOX_ID}
          aria-autocomplete="list"
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-describedby="hts-search-status"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          placeholder="e.g. running shoes, sofa, laptop"
          className="pl-9"
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <p id="hts-search-status" role="status" aria-live="polite" className="flex items-center gap-2 text-xs text-muted-foreground">
        {isLoading ? <Loader2 aria-hidden className="size-3 animate-spin" /> : null}
        {status}
      </p>
      <ul
        id={LISTBOX_ID}
        role="listbox"
        aria-label="HTS lines found"
        hidden={!expanded}
        className="grid max-h-80 grid-cols-1 gap-1 overflow-y-auto rounded-md border bg-background p-1"
        data-testid="hts-results"
      >
        {expanded
          ? lines.map((line, i) => (
              <li
                key={line.code}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                // Mouse down would blur the input (and close the list) before the click lands.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(line)}
                onMouseMove={() => setActive(i)}
                className={cn("cursor-pointer rounded-md p-2 text-sm", i === active ? "bg-blue-100 text-slate-950" : "hover:bg-muted")}
              >
                <span className="block font-semibold wrap-anywhere">{line.title}</span>
                <span className="block text-xs text-slate-700">
                  HTS {line.code} · MFN {line.generalRateText || "n/a"} · {line.categoryName}
                </span>
                {line.parents.length ? <span className="block text-xs text-slate-600 wrap-anywhere">{line.parents.join(" › ")}</span> : null}
              </li>
            ))
          : null}
      </ul>
      {nothing ? (
        <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="hts-nothing">
          <p>
            Nothing in the schedule matches “{query}”. Try a plainer word for the thing itself (shoes, sofa, laptop), drop brand or size details, or choose
            its category below.
          </p>
          {tips?.suggestions.length ? (
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <span id="hts-try-label">Try:</span>
              {tips.suggestions.map((name) => (
                <button
                  key={name}
                  type="button"
                  aria-describedby="hts-try-label"
                  onClick={() => tryName(name)}
                  className="rounded-full border border-amber-400 bg-white px-3 py-1 text-amber-950 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  {name}
                </button>
              ))}
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

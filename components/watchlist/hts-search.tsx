"use client";

import * as React from "react";
import useSWR from "swr";
import { Loader2, Search } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

export type HtsResult = { code: string; description: string; descriptionPath: string; generalRateText: string; categoryId: string };

const fetcher = async (url: string): Promise<HtsResult[]> => {
  const response = await fetch(url);
  if (!response.ok) throw new Error("search failed");
  return (await response.json()) as HtsResult[];
};

/** Search the HTS lines (GET /api/hts/search) and pick one to pin an item to. */
export function HtsSearch({ onPick, categoryName }: { onPick: (line: HtsResult) => void; categoryName: (id: string) => string }) {
  const [text, setText] = React.useState("");
  const [query, setQuery] = React.useState("");
  React.useEffect(() => {
    const t = setTimeout(() => setQuery(text.trim()), 300);
    return () => clearTimeout(t);
  }, [text]);
  const key = query.length >= 2 ? `/api/hts/search?q=${encodeURIComponent(query)}&limit=12` : null;
  const { data, error, isLoading } = useSWR(key, fetcher, { keepPreviousData: true, revalidateOnFocus: false });

  const status = !key
    ? "Type at least 2 characters, e.g. leather shoes men or 6403.99."
    : isLoading
      ? "Searching…"
      : error
        ? "The search failed. Please try again."
        : data && data.length
          ? `${data.length} HTS ${data.length === 1 ? "line" : "lines"} found.`
          : "No HTS line matches. Try other words, or choose a category instead.";

  return (
    <div className="grid grid-cols-1 gap-2">
      <Label htmlFor="hts-search">Search the tariff schedule (optional)</Label>
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
        <Input
          id="hts-search"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") e.preventDefault();
          }}
          placeholder="e.g. leather footwear men"
          className="pl-9"
          aria-describedby="hts-search-status"
          autoComplete="off"
        />
      </div>
      <p id="hts-search-status" role="status" aria-live="polite" className="flex items-center gap-2 text-xs text-muted-foreground">
        {isLoading ? <Loader2 aria-hidden className="size-3 animate-spin" /> : null}
        {status}
      </p>
      {key && data && data.length ? (
        <ul className="grid grid-cols-1 max-h-80 gap-2 overflow-y-auto rounded-md border p-2" aria-label="HTS search results" data-testid="hts-results">
          {data.map((line) => (
            <li key={line.code} className="flex flex-col gap-2 rounded-md bg-muted/60 p-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0 text-sm">
                <p className="font-semibold">
                  HTS {line.code} <span className="font-normal text-muted-foreground">· MFN {line.generalRateText}</span>
                </p>
                <p className="wrap-anywhere">{line.description}</p>
                <p className="wrap-anywhere text-xs text-muted-foreground">{line.descriptionPath}</p>
                <p className="text-xs text-muted-foreground">Category: {categoryName(line.categoryId)}</p>
              </div>
              <Button type="button" size="sm" variant="outline" onClick={() => onPick(line)} aria-label={`Use HTS ${line.code}: ${line.description}`}>
                Use this line
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

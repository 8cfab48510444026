import { CircleAlert, CircleCheck, ExternalLink, TriangleAlert } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { originText } from "@/lib/economy/freshness";
import type { DashboardDetails, NewsRow, SourceCheckDetails } from "@/lib/economy/schemas";
import { cn } from "@/lib/utils";
import { formatDate } from "./format";
import { SourceChecked } from "./source-checked";

/** Impact icons (spec: high red, medium yellow, low green), always with words beside them. */
const impactStyle: Record<NewsRow["impact"], { icon: typeof CircleAlert; iconClass: string; textClass: string; label: string }> = {
  high: { icon: CircleAlert, iconClass: "text-red-600", textClass: "text-red-700", label: "High impact" },
  medium: { icon: TriangleAlert, iconClass: "text-yellow-500", textClass: "text-amber-800", label: "Medium impact" },
  low: { icon: CircleCheck, iconClass: "text-green-600", textClass: "text-green-700", label: "Low impact" },
};

/** News Feed tab: tariff documents and price releases, newest first. */
export function NewsPanel({ news, details, check }: { news: readonly NewsRow[]; details: DashboardDetails["news"] | undefined; check?: SourceCheckDetails | undefined }) {
  const from = details ? originText(details.origin, details.fetchedAt) : null;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">Tariff &amp; Price News</h2>
        <CardDescription>
          Official documents on tariffs and government price releases. Impact is rated by written rules: a proclamation, executive order or final
          rule that sets tariffs is high; investigations, requests for comments and proposed rules are medium; data releases are low.
        </CardDescription>
        {details ? (
          <p className="text-xs text-slate-600" data-testid="news-source">
            Source:{" "}
            <a href={details.source.url} className="font-medium text-primary underline-offset-2 hover:underline" target="_blank" rel="noopener noreferrer">
              {details.source.name}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            , {details.source.detail}
            {from ? `, ${from}` : ""}.{" "}
            <SourceChecked check={check} source="Source" />
            {check ? "." : null}
          </p>
        ) : null}
      </CardHeader>
      <CardContent>
        {news.length === 0 ? (
          <p className="rounded-md bg-muted px-4 py-6 text-center text-muted-foreground">No news items available</p>
        ) : (
          <ul className="divide-y" aria-label="News items">
            {news.map((item) => {
              const impact = impactStyle[item.impact];
              const Icon = impact.icon;
              return (
                <li key={`${item.url}|${item.title}`} className="py-4 first:pt-0 last:pb-0" data-impact={item.impact}>
                  <article className="flex gap-3">
                    <Icon aria-hidden className={cn("mt-0.5 size-5 shrink-0", impact.iconClass)} data-testid="impact-icon" />
                    <div className="min-w-0 flex-1 space-y-1.5">
                      <h3 className="font-semibold leading-snug text-slate-900">{item.title}</h3>
                      {item.description ? <p className="text-sm text-slate-700">{item.description}</p> : null}
                      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-slate-600">
                        <span className={cn("font-semibold", impact.textClass)}>{impact.label}</span>
                        <Badge variant="secondary">{item.category}</Badge>
                        <span>{item.source}</span>
                        <time dateTime={item.publishedAt}>{formatDate(item.publishedAt)}</time>
                        <a
                          href={item.url}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="inline-flex items-center gap-1 font-semibold text-primary underline-offset-2 hover:underline"
                        >
                          Read the document
                          <span className="sr-only">: {item.title} (opens in a new tab)</span>
                          <ExternalLink aria-hidden className="size-3.5" />
                        </a>
                      </div>
                    </div>
                  </article>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

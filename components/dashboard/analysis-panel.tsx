import { Eye, ShieldAlert, TrendingUp } from "lucide-react";
import { Card, CardContent, CardHeader } from "@/components/ui/card";

/** Analysis tab: the spec's three cards, as given (section 2). */
const CARDS = [
  { title: "Market Trend", value: "Rising", text: "Inflation accelerating across multiple sectors", icon: TrendingUp, tone: "text-red-700 bg-red-50" },
  { title: "Risk Level", value: "Elevated", text: "Multiple price pressures identified", icon: ShieldAlert, tone: "text-amber-800 bg-amber-50" },
  { title: "Action Required", value: "Monitor", text: "Stay alert for new price changes", icon: Eye, tone: "text-blue-800 bg-blue-50" },
] as const;

export function AnalysisPanel() {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {CARDS.map(({ title, value, text, icon: Icon, tone }) => (
        <Card key={title} data-testid="analysis-card">
          <CardHeader className="flex-row items-center gap-3 pb-3">
            <span className={`inline-flex size-10 items-center justify-center rounded-full ${tone}`}>
              <Icon aria-hidden className="size-5" />
            </span>
            <h2 className="text-base font-semibold text-slate-700">{title}</h2>
          </CardHeader>
          <CardContent>
            <p className="text-2xl font-bold text-slate-900">{value}</p>
            <p className="mt-1 text-sm text-slate-700">{text}</p>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

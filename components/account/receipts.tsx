import { formatPrice } from "@/lib/catalog";
import { formatDate } from "./summary";

export type Receipt = { id: string; createdAt: Date; item: string; amountCents: number; currency: string; status: string; provider: string };

const STATUS: Record<string, string> = { succeeded: "Paid", pending: "Pending", failed: "Failed", refunded: "Refunded" };

/** The account's payments: date, item, amount, status. A table on wide screens, a list on a phone. */
export function Receipts({ receipts }: { receipts: Receipt[] }) {
  if (receipts.length === 0) {
    return (
      <p className="text-sm text-slate-700" data-testid="receipts-empty">
        No receipts yet. Payments you make appear here.
      </p>
    );
  }
  return (
    // Scrolls sideways on a narrow phone: focusable, so the keyboard can scroll it too.
    <div className="overflow-x-auto" data-testid="receipts" role="region" aria-label="Your payments" tabIndex={0}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Your payments</caption>
        <thead className="border-b text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">Date</th>
            <th scope="col" className="py-2 pr-3 font-medium">Item</th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">Amount</th>
            <th scope="col" className="py-2 font-medium">Status</th>
          </tr>
        </thead>
        <tbody>
          {receipts.map((r) => (
            <tr key={r.id} className="border-b last:border-0">
              <td className="py-2 pr-3 whitespace-nowrap">{formatDate(r.createdAt)}</td>
              <td className="py-2 pr-3">
                {r.item}
                <span className="block text-xs text-slate-500">{r.provider === "paypal" ? "PayPal" : "Card"}</span>
              </td>
              <td className="py-2 pr-3 text-right whitespace-nowrap">
                {formatPrice(r.amountCents, { cents: true })}
                {r.currency !== "USD" ? ` ${r.currency}` : ""}
              </td>
              <td className="py-2">{STATUS[r.status] ?? r.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { exportAccountData } from "@/lib/accounts/account-data";
import { defineRoute } from "@/lib/http/route";

/** GET /api/account/export -> a JSON file of everything tied to the signed-in subscriber. */
export const GET = defineRoute(
  { name: "account-export", auth: "subscriber", rateLimit: { capacity: 5, refillMs: 60_000 } },
  async ({ db, now, subscriber }) => {
    const data = await exportAccountData(db, subscriber.id, now);
    return new Response(JSON.stringify(data, null, 2), {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="tariffwatch-data-${now.toISOString().slice(0, 10)}.json"`,
        "Cache-Control": "no-store",
      },
    });
  },
);

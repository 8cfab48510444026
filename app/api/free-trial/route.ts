import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { jsonError, parseJsonBody, withErrorBoundary } from "@/lib/http/json";
import { limitPublicForm } from "@/lib/http/public-form";
import { freeTrialSchema } from "@/lib/trials/schema";
import { startTrial } from "@/lib/trials/trials";

/** POST /api/free-trial {email, firstName, lastName} -> 201 {message, trial} | 409 | 400 | 429. */
export async function POST(request: Request): Promise<Response> {
  return withErrorBoundary("free-trial", async () => {
    const limited = await limitPublicForm("free-trial", request);
    if (limited) return limited;
    const parsed = await parseJsonBody(request, freeTrialSchema);
    if (!parsed.ok) return parsed.response;

    const result = await startTrial(getDb(), parsed.data, { now: new Date(), siteUrl: getEnv().SITE_URL });
    if (result.status === "already-started") {
      return jsonError(409, "A free trial has already been started with this email address. Each email can start one free trial.", {
        email: "A free trial already exists for this email.",
      });
    }
    const { trial } = result;
    return Response.json(
      {
        message: `Welcome, ${trial.firstName}! Your 7-day free trial is active.`,
        trial: {
          email: trial.email,
          firstName: trial.firstName,
          lastName: trial.lastName,
          startDate: trial.startDate.toISOString(),
          endDate: trial.endDate.toISOString(),
        },
      },
      { status: 201 },
    );
  });
}

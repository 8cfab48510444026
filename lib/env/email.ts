import { z } from "zod";
import { minutes, optionalString, secret32, stripSlash } from "./shared";

/** Email (docs/email.md): the Resend provider, the sender, the follow-up timer, unsubscribe links. */
export const emailSchema = z.object({
  /** From address of outgoing email. */
  EMAIL_FROM: optionalString,
  /** Resend API key: set = email is really sent; unset = recorded and logged only. */
  RESEND_API_KEY: optionalString.pipe(z.string().regex(/^re_\w+$/, "must be a Resend API key (re_...)").optional()),
  /** Only for tests and local doubles: Resend's API origin (default https://api.resend.com). */
  RESEND_BASE_URL: optionalString.pipe(z.url("must be an absolute URL").optional()),
  /** Minutes between runs of the trial follow-up and email retry job by the in-process timer; 0 = off. */
  TRIAL_FOLLOWUP_INTERVAL_MINUTES: minutes((n) => n <= 1440, "must be 0 (off) or from 1 to 1440 minutes (one day)"),
  /** Signs unsubscribe links (read by lib/secrets.ts). Unset locally = generated once into .data/secrets.json. */
  UNSUBSCRIBE_SECRET: secret32,
});

export type EmailVars = z.infer<typeof emailSchema>;

export function emailSettings(v: EmailVars & { DATABASE_URL?: string }) {
  return {
    EMAIL_FROM: v.EMAIL_FROM ?? "TariffWatch <alerts@tariffwatch.example>",
    email: {
      resendApiKey: v.RESEND_API_KEY,
      resendBaseUrl: v.RESEND_BASE_URL ? stripSlash(v.RESEND_BASE_URL) : undefined,
      /**
       * Trial follow-ups + email retries by the in-process timer; 0 = off. On by default
       * with the embedded database (one process); with a PostgreSQL server the cron route is
       * the default scheduler (the job is safe to run on several instances).
       */
      followUpIntervalMinutes: v.TRIAL_FOLLOWUP_INTERVAL_MINUTES ?? (v.DATABASE_URL ? 0 : 15),
    },
  };
}

export type EmailSettings = ReturnType<typeof emailSettings>;

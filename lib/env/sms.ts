import { z } from "zod";
import { optionalString, stripSlash } from "./shared";

/** SMS alerts through Twilio (docs/alerts.md); all three of SID, token and sender set = on. */
export const smsSchema = z.object({
  TWILIO_ACCOUNT_SID: optionalString.pipe(z.string().regex(/^AC[0-9a-fA-F]{32}$/, "must be a Twilio Account SID (AC followed by 32 hex digits)").optional()),
  TWILIO_AUTH_TOKEN: optionalString.pipe(z.string().min(16, "must be the Twilio auth token").optional()),
  /** The sending number (E.164, e.g. +15005550006) or a Messaging Service SID (MG...). */
  TWILIO_FROM: optionalString.pipe(z.string().regex(/^(\+[1-9]\d{7,14}|MG[0-9a-fA-F]{32})$/, "must be an E.164 number such as +15551234567 or a Messaging Service SID").optional()),
  /** Only for tests and local doubles: Twilio's API origin (default https://api.twilio.com). */
  TWILIO_API_URL: optionalString.pipe(z.url("must be an absolute URL").optional()),
});

export type SmsVars = z.infer<typeof smsSchema>;

export function checkSms(v: SmsVars, problems: string[]): void {
  const set = [v.TWILIO_ACCOUNT_SID, v.TWILIO_AUTH_TOKEN, v.TWILIO_FROM].filter(Boolean).length;
  if (set > 0 && set < 3) problems.push("TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: set all three to turn SMS on, or none");
}

export function smsSettings(v: SmsVars) {
  return {
    /** Twilio SMS settings; null = SMS off. */
    sms:
      v.TWILIO_ACCOUNT_SID && v.TWILIO_AUTH_TOKEN && v.TWILIO_FROM
        ? { accountSid: v.TWILIO_ACCOUNT_SID, authToken: v.TWILIO_AUTH_TOKEN, from: v.TWILIO_FROM, apiUrl: v.TWILIO_API_URL ? stripSlash(v.TWILIO_API_URL) : undefined }
        : null,
  };
}

export type SmsSettings = ReturnType<typeof smsSettings>;

/**
 * SMS through Twilio's Messages API (docs/alerts.md, "SMS"): POST
 * {base}/2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To, From, Body,
 * HTTP basic auth (Account SID : Auth Token). On when TWILIO_ACCOUNT_SID,
 * TWILIO_AUTH_TOKEN and TWILIO_FROM are set; TWILIO_API_URL points it at a local double
 * in tests (tests/helpers/fake-twilio.ts). Never throws: reports what happened.
 */
export type SmsSettings = { accountSid: string; authToken: string; from: string; apiUrl?: string };

export type SmsResult =
  | { ok: true; sid: string; status: string }
  | { ok: false; permanent: boolean; statusCode: number | null; code: number | null; error: string };

export type SmsSender = { send: (to: string, body: string) => Promise<SmsResult> };

export const TWILIO_DEFAULT_API_URL = "https://api.twilio.com";
/** Twilio splits longer bodies into segments; alerts stay within about two. */
export const SMS_MAX_CHARS = 320;

export function createTwilioSender(settings: SmsSettings, fetchImpl: typeof fetch = fetch): SmsSender {
  const base = (settings.apiUrl ?? TWILIO_DEFAULT_API_URL).replace(/\/+$/, "");
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString("base64")}`;
  return {
    async send(to, body) {
      const form = new URLSearchParams({ To: to, From: settings.from, Body: body.slice(0, SMS_MAX_CHARS) });
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: "POST",
          headers: { Authorization: auth, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
          body: form.toString(),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        return { ok: false, permanent: false, statusCode: null, code: null, error: `Twilio not reachable: ${error instanceof Error ? error.message : String(error)}` };
      }
      const text = await response.text();
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(text) as Record<string, unknown>;
      } catch {
        // not JSON: keep the status
      }
      if (response.ok && typeof json.sid === "string") {
        return { ok: true, sid: json.sid, status: typeof json.status === "string" ? json.status : "queued" };
      }
      const code = typeof json.code === "number" ? json.code : null;
      const message = typeof json.message === "string" ? json.message : text.slice(0, 200);
      // 400 (bad number, 21211 / 21614...) cannot succeed on retry; 401/403 need configuration; 429/5xx are transient.
      return { ok: false, permanent: response.status === 400 || response.status === 404, statusCode: response.status, code, error: `Twilio ${response.status}${code ? ` (${code})` : ""}: ${message}` };
    },
  };
}

import { randomBytes } from "node:crypto";
import { startLocalServer, type LocalServer, type RecordedRequest, type Reply } from "./http-server";

/**
 * A local server speaking Twilio's Messages API wire format, for TWILIO_API_URL:
 * POST /2010-04-01/Accounts/{AccountSid}/Messages.json with HTTP basic auth
 * (AccountSid:AuthToken) and a form-encoded body (To, From, Body). Answers like Twilio:
 * - 201 with the message resource (sid "SM" + 32 hex, status "queued", to, from, body, ...);
 * - 401 {code: 20003, message: "Authenticate", status: 401} on missing or wrong auth;
 * - 400 {code: 21211, message: "The 'To' number ... is not a valid phone number."} on a bad To;
 * - 400 {code: 21604/21602} when To or Body is missing.
 * `messages` lists what it accepted.
 */
export type FakeTwilioMessage = { sid: string; to: string; from: string; body: string };
export type FakeTwilio = { url: string; accountSid: string; authToken: string; from: string; requests: RecordedRequest[]; messages: FakeTwilioMessage[]; close: () => Promise<void> };

const E164 = /^\+[1-9]\d{7,14}$/;

function twilioError(status: number, code: number, message: string): Reply {
  return { status, body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status } };
}

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const accountSid = `AC${randomBytes(16).toString("hex")}`;
  const authToken = randomBytes(16).toString("hex");
  const from = "+15005550006";
  const messages: FakeTwilioMessage[] = [];
  const server: LocalServer = await startLocalServer((req, url) => {
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(url.pathname);
    if (req.method !== "POST" || !match) return twilioError(404, 20404, "The requested resource was not found");
    const header = String(req.headers.authorization ?? "");
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
    if (header !== expected || decodeURIComponent(match[1] ?? "") !== accountSid) return twilioError(401, 20003, "Authenticate");
    const form = new URLSearchParams(req.body);
    const to = form.get("To") ?? "";
    const body = form.get("Body") ?? "";
    const sender = form.get("From") ?? "";
    if (!to) return twilioError(400, 21604, "A 'To' phone number is required.");
    if (!body) return twilioError(400, 21602, "Message body is required.");
    if (!E164.test(to)) return twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    const sid = `SM${randomBytes(16).toString("hex")}`;
    messages.push({ sid, to, from: sender, body });
    const now = new Date().toUTCString();
    return {
      status: 201,
      body: {
        sid,
        account_sid: accountSid,
        to,
        from: sender,
        body,
        status: "queued",
        num_segments: String(Math.ceil(body.length / 153) || 1),
        direction: "outbound-api",
        api_version: "2010-04-01",
        date_created: now,
        date_updated: now,
        date_sent: null,
        price: null,
        error_code: null,
        error_message: null,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
      },
    };
  });
  return { url: server.url, accountSid, authToken, from, requests: server.requests, messages, close: server.close };
}

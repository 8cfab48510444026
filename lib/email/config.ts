import { parseEnv } from "@/lib/env/schema";
import { getSecret } from "@/lib/secrets";
import { createResendTransport, type EmailTransport } from "./transport";
import { rawEnv } from "@/lib/env/runtime";

/**
 * The email module's settings from the validated environment (lib/env/schema.ts):
 * RESEND_API_KEY (unset = nothing is sent, messages are recorded and logged),
 * RESEND_BASE_URL, EMAIL_FROM, and the unsubscribe secret (UNSUBSCRIBE_SECRET or the
 * generated local one, lib/secrets.ts). No `server-only`: command-line jobs use it.
 */
export type EmailSettings = {
  transport: EmailTransport | null;
  from: string;
  /** Read lazily: only marketing mail needs it. */
  unsubscribeSecret: () => string;
};

const transports = new Map<string, EmailTransport>();

export function emailSettingsFromEnv(raw: Record<string, string | undefined> = rawEnv()): EmailSettings {
  const env = parseEnv(raw);
  const { resendApiKey, resendBaseUrl } = env.email;
  let transport: EmailTransport | null = null;
  if (resendApiKey) {
    // One transport per key and origin, so its request spacing covers the whole process.
    const cacheKey = `${resendApiKey}@${resendBaseUrl ?? ""}`;
    transport = transports.get(cacheKey) ?? createResendTransport({ apiKey: resendApiKey, baseUrl: resendBaseUrl });
    transports.set(cacheKey, transport);
  }
  return { transport, from: env.EMAIL_FROM, unsubscribeSecret: () => getSecret("unsubscribe", raw) };
}

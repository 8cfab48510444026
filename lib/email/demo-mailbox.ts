import { parseEnv } from "@/lib/env/schema";
import { rawEnv } from "@/lib/env/runtime";

/**
 * The demo mailbox /dev/mail (docs/product-rules.md §D10, docs/accounts.md): on only when no
 * email provider is configured (no RESEND_API_KEY, so nothing is delivered and every
 * message is kept with status `logged`) AND demo mode is on (EBOOK_DEMO_MODE, on by
 * default with the embedded database, off with DATABASE_URL). Anywhere else the pages
 * answer 404.
 *
 * Reads the environment on each call (like `emailDeliveryConfigured`), so tests can
 * change it.
 */
export function isDemoMailbox(raw: Record<string, string | undefined> = rawEnv()): boolean {
  const env = parseEnv(raw);
  return !env.email.resendApiKey && env.ebookDemoMode;
}

// The local Resend double (tests/helpers/fake-resend.ts: POST /emails and /emails/batch in
// Resend's wire format, at Resend's default 2 requests a second) as a process of its own, for
// the app under `npm run bench` (the mix runs the outbox job against it). Writes
// `{url, apiKey}` to the file named by its first argument once it listens, and every 10 s
// how many messages it accepted.
import { writeFileSync } from "node:fs";
import { startFakeResend } from "../../tests/helpers/fake-resend";

async function main(): Promise<void> {
  const resend = await startFakeResend({ requestsPerSecond: 2 });
  writeFileSync(process.argv[2]!, JSON.stringify({ url: resend.url, apiKey: resend.apiKey }));
  setInterval(() => console.log(`${new Date().toISOString()} accepted ${resend.delivered.length} messages in ${resend.requests.length} calls`), 10_000);
  const stop = () => void resend.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

void main();

// The engine and the outbox at scale on PostgreSQL (docs/performance.md, "At scale on
// PostgreSQL"), run with tsx: `npm run bench:scale` (= npx tsx scripts/bench/scale.ts).
//
// On a PostgreSQL server (BENCH_DATABASE_URL, or a throwaway PostgreSQL 15 cluster this
// script starts on BENCH_PG_PORT, default 3115, and deletes afterwards):
//   1. the alert engine (scripts/bench/engine.ts, a fresh database): BENCH_SCALE_WATCHES
//      watches (default 1,000,000) over BENCH_SCALE_SUBSCRIBERS subscribers (default
//      100,000): one measure changed (target <= 30 s) and the nightly re-evaluation
//      (target <= 5 min);
//   2. the outbox (another fresh database): BENCH_SCALE_EMAILS queued emails (default
//      10,000), delivered by the email-delivery job's own function (deliverDueEmails)
//      through the Resend transport to the local Resend double (tests/helpers/fake-resend.ts,
//      which speaks POST /emails/batch and enforces Resend's default 2 requests a second),
//      run after run until none is due (target: >= 10,000 a minute).
// Prints one line per figure with its target, and the figures as JSON on the last line.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { openDatabase } from "@/lib/db/connect";
import { applyMigrations, postgresAdapterFactory } from "@/lib/db/tools/migrate";
import { deliverDueEmails, queueEmail } from "@/lib/email/outbox";
import { createResendTransport } from "@/lib/email/transport";
import { startFakeResend } from "../../tests/helpers/fake-resend";
import { startPostgres } from "./postgres.mjs";

const WATCHES = Number(process.env.BENCH_SCALE_WATCHES ?? 1_000_000);
const SUBSCRIBERS = Number(process.env.BENCH_SCALE_SUBSCRIBERS ?? 100_000);
const EMAILS = Number(process.env.BENCH_SCALE_EMAILS ?? 10_000);
export const SCALE_TARGETS = { oneMeasureMs: 30_000, nightlyMs: 300_000, emailsPerMinute: 10_000 };
const quiet = { info: () => undefined, warn: (m: string) => console.error(m) };

/** CPU time of this process and its finished children, in ms. */
const cpuMs = () => {
  const u = process.resourceUsage();
  return (u.userCPUTime + u.systemCPUTime) / 1000;
};

function runEngine(serverUrl: string): Promise<Record<string, number | string>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench/engine.ts", "--json"], {
      env: { ...process.env, DATABASE_URL: serverUrl, TEST_DATABASE_URL: "", BENCH_WATCHES: String(WATCHES), BENCH_SUBSCRIBERS: String(SUBSCRIBERS) },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      process.stdout.write(`  ${d.toString().trimEnd().split("\n").filter((l) => !l.startsWith("{")).join("\n  ")}\n`);
    });
    child.on("exit", (code) => {
      const last = out.trim().split("\n").pop() ?? "";
      if (code !== 0 || !last.startsWith("{")) reject(new Error(`the engine bench exited with ${code}`));
      else resolve(JSON.parse(last) as Record<string, number | string>);
    });
  });
}

async function measureOutbox(serverUrl: string) {
  const name = `tw_outbox_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ kind: "postgres", url: url.toString() });
  const db = database.prisma;
  const resend = await startFakeResend({ requestsPerSecond: 2 });
  try {
    await applyMigrations({ adapterFactory: postgresAdapterFactory(url.toString()) });
    const transport = createResendTransport({ apiKey: resend.apiKey, baseUrl: resend.url, requestsPerSecond: 2 });
    const deps = { transport, from: "TariffWatch <alerts@tariffwatch.example>", unsubscribeSecret: "bench-unsubscribe-secret-0123456789abcdef", logger: quiet };
    const now = new Date();
    // One rendered alert email, recorded as the engine's alert run records it, then copies of
    // it to other recipients (rendering 10,000 would time React, not the outbox).
    await queueEmail(
      db,
      {
        template: "payment-confirmation",
        props: { itemName: "Consumer Plan", amount: "$10.00", method: "Credit/Debit Card", reference: "pi_bench", paidOn: "November 28, 2026", recurring: true, supportEmail: "support@tariffwatch.app", siteUrl: "https://tariffwatch.example" },
        to: "outbox0@example.com",
        idempotencyKey: "outbox:0",
      },
      { ...deps, now },
    );
    await db.$executeRawUnsafe(
      `INSERT INTO sent_emails ("idempotencyKey", recipient, template, subject, html, text, status, "nextAttemptAt", "createdAt", "fromAddress", headers)
       SELECT 'outbox:' || i, 'outbox' || i || '@example.com', template, subject, html, text, status, "nextAttemptAt", "createdAt" + i * interval '1 microsecond', "fromAddress", headers
       FROM sent_emails, generate_series(1, $1::int - 1) AS i WHERE "idempotencyKey" = 'outbox:0'`,
      EMAILS,
    );
    const t0 = performance.now();
    const cpu0 = cpuMs();
    let runs = 0;
    let sent = 0;
    for (;;) {
      const r = await deliverDueEmails(db, new Date(), deps);
      runs += 1;
      sent += r.sent;
      if (r.due === 0 || runs > 100) break;
    }
    const ms = performance.now() - t0;
    const delivered = resend.delivered.length;
    const calls = resend.requests.length;
    const inDb = await db.sentEmail.count({ where: { status: "sent" } });
    return { outboxEmails: EMAILS, outboxSent: sent, outboxSentInDb: inDb, outboxDelivered: delivered, outboxCalls: calls, outboxRuns: runs, outboxMs: Math.round(ms), outboxCpuMs: Math.round(cpuMs() - cpu0), emailsPerMinute: Math.round((delivered / ms) * 60_000) };
  } finally {
    await resend.close();
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

async function main() {
  const given = process.env.BENCH_DATABASE_URL?.trim();
  // Room for the set-based statements over a million rows (the defaults are for a laptop).
  const server = given ? null : startPostgres(Number(process.env.BENCH_PG_PORT ?? 3115), { shared_buffers: "512MB", work_mem: "64MB", maintenance_work_mem: "256MB", max_wal_size: "4GB", synchronous_commit: "off" });
  const serverUrl = given || server!.url;
  console.log(`PostgreSQL: ${given ? "BENCH_DATABASE_URL" : `a throwaway PostgreSQL ${server!.version} cluster`}`);
  try {
    const t = performance.now();
    // BENCH_SCALE_PARTS=outbox measures the outbox only.
    const withEngine = (process.env.BENCH_SCALE_PARTS ?? "engine,outbox").includes("engine");
    console.log(withEngine ? `1. The alert engine: ${WATCHES.toLocaleString("en-US")} watches over ${SUBSCRIBERS.toLocaleString("en-US")} subscribers` : "1. The alert engine: not measured (BENCH_SCALE_PARTS)");
    const engine = withEngine ? await runEngine(serverUrl) : null;
    const engineWallMs = performance.now() - t;
    console.log(`2. The outbox: ${EMAILS.toLocaleString("en-US")} queued emails to the Resend double (POST /emails/batch, 2 requests a second)`);
    const outbox = await measureOutbox(serverUrl);
    const figures = { ...engine, engineWallMs: Math.round(engineWallMs), ...outbox };
    const row = (label: string, measured: string, target: string, ok: boolean) => console.log(`${ok ? "PASS" : "MISS"}  ${label}: ${measured} (target ${target})`);
    const s = (msValue: number) => `${(msValue / 1000).toFixed(1)} s`;
    console.log("");
    if (engine) row(`one measure changed (${engine.oneMeasureWatches} watches, ${engine.oneMeasureAlerts} alerts written)`, s(Number(engine.oneMeasureMs)), "<= 30 s", Number(engine.oneMeasureMs) <= SCALE_TARGETS.oneMeasureMs);
    if (engine) row(`nightly re-evaluation (${engine.watches} watches)`, s(Number(engine.fullMs)), "<= 5 min", Number(engine.fullMs) <= SCALE_TARGETS.nightlyMs);
    if (engine) console.log(`      first full evaluation (writes every alert): ${s(Number(engine.fullFirstMs))}; set-up (migrate, tariff tables, rows): ${engine.setupSeconds} s`);
    row(
      `outbox: ${outbox.outboxDelivered} delivered in ${outbox.outboxCalls} calls over ${outbox.outboxRuns} runs in ${s(outbox.outboxMs)} (CPU ${s(outbox.outboxCpuMs)})`,
      `${outbox.emailsPerMinute.toLocaleString("en-US")} a minute`,
      ">= 10,000 a minute",
      outbox.emailsPerMinute >= SCALE_TARGETS.emailsPerMinute && outbox.outboxDelivered === EMAILS && outbox.outboxSentInDb === EMAILS,
    );
    console.log(JSON.stringify(figures));
  } finally {
    server?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`The scale bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
});

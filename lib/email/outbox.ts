import type { Prisma, PrismaClient, SentEmail } from "@/lib/db/generated/client";
import type { Db } from "@/lib/db/types";
import { parseEnv } from "@/lib/env/schema";
import { emailSettingsFromEnv } from "./config";
import { nextAttemptAt, RETRY_POLICY } from "./retry-policy";
import { isMarketingTemplate, renderEmail, type EmailRequest, type TemplateName } from "./templates";
import { createHash } from "node:crypto";
import { BATCH_LIMIT, type EmailTransport, type OutgoingEmail, type SendResult } from "./transport";
import { listUnsubscribeHeaders, mayReceiveMarketing, unsubscribeLinks, withoutMarketingConsent } from "./unsubscribe";
import { redactLinks } from "./redact";
import { rawEnv } from "@/lib/env/runtime";

/**
 * The outbox (docs/email.md, "Sending"): a request records its email in `sent_emails`
 * under an idempotency key, in the same transaction as the record the email belongs to,
 * and returns; nothing talks to the provider on the request path. Delivery is the job
 * "email-delivery" (`deliverDueEmails`, lib/jobs/registry.ts), kicked right after the
 * request by `deliverSoon` (./deliver-soon.ts). Each attempt carries the key as the
 * provider's Idempotency-Key, so a retried signup, a double submission or a retry after
 * a lost answer sends one message.
 *
 * Statuses:
 * - `queued`: recorded, waiting for delivery from `nextAttemptAt` on (the record time),
 *   or being delivered (then `nextAttemptAt` is the end of the sender's claim: should
 *   the sender die, the next delivery run picks it up after that).
 * - `sent`: the provider accepted it; `providerMessageId` is its id.
 * - `failed`: the provider refused it or could not be reached. With `nextAttemptAt` set a
 *   retry is scheduled (lib/email/retry-policy.ts); with it null the message is failed
 *   for good (a permanent error, or the last attempt) and `error` says why: the dead
 *   letters, which the admin sees at /admin/emails and may send again (`retryDeadLetter`).
 * - `logged`: no provider is configured (no RESEND_API_KEY): written to the log and kept
 *   here so a developer can read it. It was NOT delivered, and nothing says it was.
 * - `suppressed`: marketing mail to an address that has not turned marketing on, or unsubscribed; not sent.
 * - `cancelled`: a pending retry that is no longer wanted (a trial follow-up whose trial
 *   converted or ended first); not sent.
 */
export type EmailLogger = { info: (message: string) => void; warn?: (message: string) => void };

export type QueueEmailInput = EmailRequest & {
  to: string;
  /** Same key = same message: e.g. `trial-welcome:<trialId>`. 1-256 characters (the provider's limit). */
  idempotencyKey: string;
};

export type QueueEmailResult = { email: SentEmail; duplicate: boolean };

export const EMAIL_STATUS = {
  /** No provider configured: written to the log, not delivered. */
  logged: "logged",
  queued: "queued",
  sent: "sent",
  failed: "failed",
  /** Marketing mail to a recipient who has not turned it on, or unsubscribed: not sent. */
  suppressed: "suppressed",
  /** A pending retry that is no longer wanted: not sent. */
  cancelled: "cancelled",
} as const;

export type EmailStatus = (typeof EMAIL_STATUS)[keyof typeof EMAIL_STATUS];

/**
 * What sending needs; everything left out comes from the environment
 * (lib/email/config.ts). `transport: null` forces "no provider" (record and log).
 */
export type EmailDeps = {
  logger?: EmailLogger;
  transport?: EmailTransport | null;
  from?: string;
  unsubscribeSecret?: string;
  /** The clock (tests pass fixed dates); default the current time. */
  now?: Date;
};

/**
 * Options for a transaction that records an email with its row: the message is rendered
 * inside it (tens of milliseconds), and the embedded database runs one transaction at a
 * time, so a burst of signups waits its turn instead of failing after Prisma's default
 * 2 seconds (the same allowance as lib/http/shared-limits.ts).
 */
export const OUTBOX_TRANSACTION = { maxWait: 15_000, timeout: 15_000 } as const;

export type QueueEmailOptions = EmailDeps & {
  /**
   * For jobs that deliver what they record in the same run (the trial follow-ups): the
   * message is recorded with the sender's claim (`nextAttemptAt` = now + the claim lease)
   * so other delivery runs leave it alone, and the caller hands it to
   * `deliverClaimedEmail` once its transaction has committed. Never on a request path.
   */
  claim?: boolean;
};

type Resolved = { logger: EmailLogger; transport: EmailTransport | null; from: string; unsubscribeSecret: () => string };

function resolveDeps(deps: EmailDeps): Resolved {
  const needsEnv = deps.transport === undefined || deps.from === undefined || deps.unsubscribeSecret === undefined;
  const settings = needsEnv ? emailSettingsFromEnv() : null;
  const secret = deps.unsubscribeSecret;
  return {
    logger: deps.logger ?? console,
    transport: deps.transport !== undefined ? deps.transport : (settings?.transport ?? null),
    from: deps.from ?? settings?.from ?? "TariffWatch <alerts@tariffwatch.example>",
    unsubscribeSecret: secret !== undefined ? () => secret : () => (settings ? settings.unsubscribeSecret() : ""),
  };
}

/** The request with the signed unsubscribe link in its props (marketing templates only). */
function withUnsubscribeUrl(request: EmailRequest, url: string): EmailRequest {
  switch (request.template) {
    case "newsletter-welcome":
      return { template: request.template, props: { ...request.props, unsubscribeUrl: url } };
    case "trial-welcome":
      return { template: request.template, props: { ...request.props, unsubscribeUrl: url } };
    case "trial-day2":
    case "trial-day5":
    case "trial-day7":
      return { template: request.template, props: { ...request.props, unsubscribeUrl: url } };
    case "ebook-preview":
      return { template: request.template, props: { ...request.props, unsubscribeUrl: url } };
    case "payment-confirmation":
    case "ebook-receipt":
    case "sign-in-link":
    case "access-paused":
    case "tariff-alert":
    case "alert-digest":
    case "operator-dispute":
      return request;
  }
}

function storedHeaders(value: Prisma.JsonValue | null): Record<string, string> | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const headers: Record<string, string> = {};
  for (const [name, v] of Object.entries(value)) if (typeof v === "string") headers[name] = v;
  return Object.keys(headers).length ? headers : undefined;
}

const warn = (logger: EmailLogger, message: string) => (logger.warn ?? logger.info)(message);

/** The message as the provider gets it: only what was recorded, so a retry sends the same bytes. */
function message(email: SentEmail, defaultFrom: string): Omit<OutgoingEmail, "idempotencyKey"> {
  return {
    from: email.fromAddress ?? defaultFrom,
    to: email.recipient,
    subject: email.subject,
    html: email.html,
    text: email.text,
    headers: storedHeaders(email.headers),
    tags: [{ name: "template", value: email.template }],
  };
}

/**
 * One attempt to hand a recorded message to the provider, and the record of how it went.
 * The caller owns the record (it recorded it with a claim, or claimed it in `deliverDueEmails`).
 */
async function attemptDelivery(db: Db, email: SentEmail, r: Resolved & { transport: EmailTransport }, now: Date): Promise<{ email: SentEmail; result: SendResult }> {
  const result = await r.transport.send({ ...message(email, r.from), idempotencyKey: email.idempotencyKey });
  const attempts = email.attempts + 1;
  if (result.ok) {
    const sent = await db.sentEmail.update({
      where: { id: email.id },
      data: { status: EMAIL_STATUS.sent, providerMessageId: result.providerMessageId, sentAt: now, attempts, nextAttemptAt: null, error: null },
    });
    r.logger.info(`[email] sent template=${sent.template} id=${sent.id} provider-id=${result.providerMessageId} attempt=${attempts}`);
    return { email: sent, result };
  }
  const next = result.permanent ? null : nextAttemptAt(attempts, now, result.retryAfterMs);
  const reason = result.permanent ? "" : next ? "" : ` (gave up after ${attempts} attempts)`;
  const failed = await db.sentEmail.update({
    where: { id: email.id },
    data: { status: EMAIL_STATUS.failed, error: `${result.error}${reason}`.slice(0, 2000), attempts, nextAttemptAt: next },
  });
  warn(
    r.logger,
    `[email] send failed template=${failed.template} id=${failed.id} attempt=${attempts}: ${result.error}; ${
      next ? `retry at ${next.toISOString()}` : "not retried"
    }`,
  );
  return { email: failed, result };
}

/**
 * Records the message under its idempotency key; never talks to the provider. `db` may be
 * a transaction: callers record the email with the row it belongs to (the trial, the
 * sign-in token...), so both exist or neither. A key seen before returns the existing
 * record (`duplicate: true`). Marketing mail gets a signed unsubscribe link (replacing any
 * `unsubscribeUrl` passed in) and the List-Unsubscribe headers, and is recorded as
 * `suppressed` for an address without marketing consent (lib/email/unsubscribe.ts). With no provider configured the message
 * is `logged` (written to the log, kept for the demo mailbox /dev/mail); otherwise it is
 * `queued`, due at once: the caller kicks delivery with `deliverSoon` after its
 * transaction commits, and the job "email-delivery" delivers whatever a kick missed.
 */
export async function queueEmail(db: Db, input: QueueEmailInput, deps: QueueEmailOptions = {}): Promise<QueueEmailResult> {
  if (input.idempotencyKey.length < 1 || input.idempotencyKey.length > 256) {
    throw new RangeError(`An email idempotency key must be 1-256 characters (got ${input.idempotencyKey.length}).`);
  }
  const existing = await db.sentEmail.findUnique({ where: { idempotencyKey: input.idempotencyKey } });
  if (existing) return { email: existing, duplicate: true };

  const r = resolveDeps(deps);
  const now = deps.now ?? new Date();
  const { to, idempotencyKey, ...request } = input;
  let message: EmailRequest = request;
  let headers: Record<string, string> | undefined;
  const marketing = isMarketingTemplate(request.template);
  if (marketing) {
    const links = unsubscribeLinks(request.props.siteUrl, to, r.unsubscribeSecret());
    message = withUnsubscribeUrl(message, links.pageUrl);
    headers = listUnsubscribeHeaders(links);
  }
  const rendered = await renderEmail(message);
  const status: EmailStatus =
    marketing && !(await mayReceiveMarketing(db, to)) ? EMAIL_STATUS.suppressed : r.transport ? EMAIL_STATUS.queued : EMAIL_STATUS.logged;

  // INSERT ... ON CONFLICT DO NOTHING: a key recorded by a concurrent call is a duplicate,
  // and the caller's transaction is not aborted by a unique violation.
  const [email] = await db.sentEmail.createManyAndReturn({
    data: [
      {
        idempotencyKey,
        recipient: to,
        template: request.template,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        status,
        fromAddress: r.from,
        headers,
        // Due at once; a job that sends it itself holds it for the claim lease instead, and
        // sends it alone under its own key.
        nextAttemptAt: status === EMAIL_STATUS.queued ? new Date(now.getTime() + (deps.claim ? RETRY_POLICY.claimLeaseMs : 0)) : null,
        attemptKey: status === EMAIL_STATUS.queued && deps.claim ? idempotencyKey : null,
        createdAt: now,
      },
    ],
    skipDuplicates: true,
  });
  if (!email) {
    const raced = await db.sentEmail.findUniqueOrThrow({ where: { idempotencyKey } });
    return { email: raced, duplicate: true };
  }

  if (status === EMAIL_STATUS.suppressed) {
    r.logger.info(`[email] not sent: the recipient has not turned marketing email on, or unsubscribed template=${email.template} id=${email.id}`);
  } else if (status === EMAIL_STATUS.logged) {
    r.logger.info(
      [
        `[email] NOT DELIVERED (no email provider configured: set RESEND_API_KEY) template=${email.template} to=${email.recipient} id=${email.id}`,
        `Subject: ${email.subject}`,
        // Links carry sign-in, unsubscribe and access tokens: redacted here, in full at /dev/mail.
        redactLinks(email.text),
      ].join("\n"),
    );
  }
  return { email, duplicate: false };
}

/**
 * Delivers a message its caller recorded with `claim: true` (and so owns): one attempt,
 * recorded as sent, or failed with its retry time. Anything but an own queued message is
 * returned as it is.
 */
export async function deliverClaimedEmail(db: PrismaClient, email: SentEmail, deps: EmailDeps = {}): Promise<SentEmail> {
  if (email.status !== EMAIL_STATUS.queued) return email;
  const r = resolveDeps(deps);
  if (!r.transport) return email;
  return (await attemptDelivery(db, email, { ...r, transport: r.transport }, deps.now ?? new Date())).email;
}

export type DeliverDueEmailsOptions = EmailDeps & {
  /** Most messages attempted in one run (default DELIVERY_BATCH_SIZE). */
  limit?: number;
  /** Only these messages (a request's kick, lib/email/deliver-soon.ts). */
  ids?: string[];
  /** Only these templates. */
  templates?: TemplateName[];
  /** All but these templates. */
  excludeTemplates?: TemplateName[];
};

export type DeliverDueEmailsResult = {
  /** Messages whose time had come (first attempts and retries). */
  due: number;
  sent: number;
  /** Failed, another attempt scheduled. */
  rescheduled: number;
  /** Failed for good this run (permanent error or last attempt). */
  failed: number;
  /** Not sent: the recipient withdrew marketing consent since the message was recorded. */
  suppressed: number;
  /** False when no provider is configured: nothing was attempted. */
  deliveryConfigured: boolean;
};

/** The job that delivers the outbox (lib/jobs/registry.ts), also its name in job_runs. */
export const EMAIL_DELIVERY_JOB = "email-delivery";

/**
 * Messages one delivery run attempts at most: a minute of Resend's default rate (2 calls a
 * second) in full batches. The job runs every minute (docs/email.md, "Batches").
 */
export const DELIVERY_BATCH_SIZE = 12_000;

/** What a run reads of each due message before it takes it (the bodies are read per call). */
const DUE_FIELDS = { id: true, status: true, nextAttemptAt: true, idempotencyKey: true, attemptKey: true, template: true, recipient: true, createdAt: true } as const;
type Due = Pick<SentEmail, keyof typeof DUE_FIELDS>;

/** A batch's idempotency key: its messages' ids, in the order they are sent. */
export function batchKeyOf(ids: readonly string[]): string {
  return `batch:${createHash("sha256").update(ids.join(",")).digest("hex")}`;
}

/** The order a batch's messages are sent in, which its retries keep: oldest first. */
const sendOrder = (a: Pick<SentEmail, "createdAt" | "id">, b: Pick<SentEmail, "createdAt" | "id">) =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Takes due messages for a sender: each only if it is still as read (status and time), so
 * two runs at the same moment never both take one; sets the claim lease. Returns the ids
 * taken, in the order given.
 */
async function claim(db: PrismaClient, due: readonly Due[], now: Date): Promise<string[]> {
  if (!due.length) return [];
  const rows = await db.$queryRawUnsafe<{ id: string }[]>(
    `UPDATE sent_emails e SET status = $1, "nextAttemptAt" = $2::timestamptz, "updatedAt" = $3::timestamptz
     FROM jsonb_to_recordset($4::jsonb) AS d(id uuid, status text, at timestamptz)
     WHERE e.id = d.id AND e.status = d.status AND e."nextAttemptAt" = d.at
     RETURNING e.id::text AS id`,
    EMAIL_STATUS.queued,
    new Date(now.getTime() + RETRY_POLICY.claimLeaseMs).toISOString(),
    now.toISOString(),
    JSON.stringify(due.map((d) => ({ id: d.id, status: d.status, at: d.nextAttemptAt?.toISOString() ?? null }))),
  );
  const taken = new Set(rows.map((r) => r.id));
  return due.map((d) => d.id).filter((id) => taken.has(id));
}

/**
 * Delivers every message whose `nextAttemptAt` has come, oldest first, at most `limit`:
 * queued ones (first attempts, and those whose sender died mid-send) and failed ones
 * waiting for their retry. Each is claimed first (a conditional update on its status and
 * time), so two runs at the same moment never both send one message; the provider's
 * idempotency key covers the rest. A rate limit (429) ends the run early: the remaining
 * messages stay due for the next one. Marketing mail to an address that withdrew its
 * consent since it was recorded becomes `suppressed`.
 *
 * Messages no sender has taken yet go out in batches of up to 100 (POST /emails/batch: one
 * call, one key for the batch; a lone message alone, under its own key). A message is
 * retried the way it was first taken (`attemptKey`; docs/email.md, "Batches"): alone under
 * its own key, or with the same companions in the same order under the batch's key, so the
 * provider answers a retry after a lost answer with its first answer instead of sending
 * again. A batch the provider refuses as invalid (then none of it was sent) is split: each
 * message is tried alone.
 */
export async function deliverDueEmails(db: PrismaClient, now: Date, deps: DeliverDueEmailsOptions = {}): Promise<DeliverDueEmailsResult> {
  const r = resolveDeps(deps);
  const dueWhere: Prisma.SentEmailWhereInput = {
    status: { in: [EMAIL_STATUS.queued, EMAIL_STATUS.failed] },
    nextAttemptAt: { lte: now },
    ...(deps.ids ? { id: { in: deps.ids } } : {}),
    ...(deps.templates || deps.excludeTemplates
      ? { template: { ...(deps.templates ? { in: deps.templates } : {}), ...(deps.excludeTemplates ? { notIn: deps.excludeTemplates } : {}) } }
      : {}),
  };
  const tally: DeliverDueEmailsResult = { due: 0, sent: 0, rescheduled: 0, failed: 0, suppressed: 0, deliveryConfigured: r.transport !== null };
  if (!r.transport) {
    tally.due = await db.sentEmail.count({ where: dueWhere });
    return tally;
  }
  const rt = { ...r, transport: r.transport };
  const candidates = await db.sentEmail.findMany({
    where: dueWhere,
    orderBy: [{ nextAttemptAt: "asc" }, { createdAt: "asc" }, { id: "asc" }],
    take: deps.limit ?? DELIVERY_BATCH_SIZE,
    select: DUE_FIELDS,
  });
  tally.due = candidates.length;
  const count = (n: number, status: string, retry: boolean) => {
    if (status === EMAIL_STATUS.sent) tally.sent += n;
    else if (retry) tally.rescheduled += n;
    else tally.failed += n;
  };

  /** One claimed message, alone under its own key; false when the run must stop (429). */
  const alone = async (id: string, checkSuppression: boolean): Promise<boolean> => {
    const email = await db.sentEmail.findUniqueOrThrow({ where: { id } });
    if (checkSuppression && isMarketingTemplate(email.template) && !(await mayReceiveMarketing(db, email.recipient))) {
      await db.sentEmail.update({ where: { id }, data: { status: EMAIL_STATUS.suppressed, nextAttemptAt: null } });
      tally.suppressed += 1;
      return true;
    }
    const { email: after, result } = await attemptDelivery(db, email, rt, now);
    count(1, after.status, after.nextAttemptAt !== null);
    return result.ok || result.statusCode !== 429;
  };

  /** Claimed messages under one batch key, in send order, in one call; false when the run must stop (429). */
  const together = async (ids: string[], key: string): Promise<boolean> => {
    const emails = (await db.sentEmail.findMany({ where: { id: { in: ids } } })).sort(sendOrder);
    const result = await rt.transport.sendBatch!(emails.map((e) => message(e, rt.from)), key);
    const attempts = emails[0]!.attempts + 1;
    if (result.ok) {
      await db.$executeRawUnsafe(
        `UPDATE sent_emails e SET status = $1, "providerMessageId" = d.pid, "sentAt" = $2::timestamptz, attempts = e.attempts + 1,
           "nextAttemptAt" = NULL, error = NULL, "updatedAt" = $2::timestamptz
         FROM jsonb_to_recordset($3::jsonb) AS d(id uuid, pid text) WHERE e.id = d.id`,
        EMAIL_STATUS.sent,
        now.toISOString(),
        JSON.stringify(emails.map((e, i) => ({ id: e.id, pid: result.providerMessageIds[i] }))),
      );
      rt.logger.info(`[email] sent a batch of ${emails.length} key=${key} attempt=${attempts}`);
      count(emails.length, EMAIL_STATUS.sent, false);
      return true;
    }
    if (result.permanent && (result.statusCode === 400 || result.statusCode === 422)) {
      // Refused as invalid, so none of it was sent: each message alone, under its own key.
      warn(rt.logger, `[email] batch of ${emails.length} refused key=${key}: ${result.error}; each message is tried alone`);
      await db.$executeRawUnsafe(`UPDATE sent_emails SET "attemptKey" = "idempotencyKey" WHERE id = ANY($1::uuid[])`, ids);
      for (const e of emails) if (!(await alone(e.id, false))) return false;
      return true;
    }
    const next = result.permanent ? null : nextAttemptAt(attempts, now, result.retryAfterMs);
    await db.sentEmail.updateMany({
      where: { id: { in: ids } },
      data: { status: EMAIL_STATUS.failed, error: `${result.error}${next || result.permanent ? "" : ` (gave up after ${attempts} attempts)`}`.slice(0, 2000), attempts, nextAttemptAt: next },
    });
    warn(rt.logger, `[email] batch of ${emails.length} failed key=${key} attempt=${attempts}: ${result.error}; ${next ? `retry at ${next.toISOString()}` : "not retried"}`);
    count(emails.length, EMAIL_STATUS.failed, next !== null);
    return result.statusCode !== 429;
  };

  // 1. Retries of messages a sender took before: alone, or with their whole batch.
  const fresh: Due[] = [];
  const batches = new Set<string>();
  for (const c of candidates) {
    if (c.attemptKey === null) fresh.push(c);
    else if (c.attemptKey !== c.idempotencyKey) batches.add(c.attemptKey);
    else {
      const [taken] = await claim(db, [c], now);
      if (taken && !(await alone(taken, true))) return tally;
    }
  }
  for (const key of batches) {
    // Every companion (also one past this run's limit): the batch goes again as it went.
    // (Not those failed for good: they failed together, and one an admin sends again goes alone.)
    const members = (
      await db.sentEmail.findMany({ where: { attemptKey: key, status: { in: [EMAIL_STATUS.queued, EMAIL_STATUS.failed] }, nextAttemptAt: { not: null } }, select: DUE_FIELDS })
    ).sort(sendOrder);
    if (members.some((m) => m.nextAttemptAt! > now)) continue; // one is held by another sender
    const taken = await claim(db, members, now);
    if (taken.length !== members.length) continue; // another run took them: it sends them
    if (!(await together(taken, key))) return tally;
  }

  // 2. Messages no sender has taken, in batches (one at a time through a transport without
  //    a batch call), marketing mail to addresses without consent left out.
  const unsubscribed = await withoutMarketingConsent(db, fresh.filter((f) => isMarketingTemplate(f.template)).map((f) => f.recipient));
  const size = rt.transport.sendBatch ? BATCH_LIMIT : 1;
  for (let i = 0; i < fresh.length; i += size) {
    const chunk = fresh.slice(i, i + size);
    const gone = chunk.filter((c) => isMarketingTemplate(c.template) && unsubscribed.has(c.recipient));
    if (gone.length) {
      const { count: n } = await db.sentEmail.updateMany({
        where: { id: { in: gone.map((g) => g.id) }, status: { in: [EMAIL_STATUS.queued, EMAIL_STATUS.failed] }, attemptKey: null },
        data: { status: EMAIL_STATUS.suppressed, nextAttemptAt: null },
      });
      tally.suppressed += n;
    }
    const sendable = chunk.filter((c) => !gone.includes(c)).sort(sendOrder);
    const taken = await claim(db, sendable, now);
    if (taken.length === 0) continue;
    const key = taken.length === 1 ? sendable.find((c) => c.id === taken[0])!.idempotencyKey : batchKeyOf(taken);
    await db.sentEmail.updateMany({ where: { id: { in: taken } }, data: { attemptKey: key } });
    if (!(taken.length === 1 ? await alone(taken[0]!, false) : await together(taken, key))) return tally;
  }
  return tally;
}

/** Whether the server can actually deliver email (decides what signups tell people). */
export function emailDeliveryConfigured(raw: Record<string, string | undefined> = rawEnv()): boolean {
  return Boolean(parseEnv(raw).email.resendApiKey);
}

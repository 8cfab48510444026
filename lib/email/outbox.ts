import type { Prisma, PrismaClient, SentEmail } from "@/lib/db/generated/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { parseEnv } from "@/lib/env/schema";
import { emailSettingsFromEnv } from "./config";
import { nextAttemptAt, RETRY_POLICY } from "./retry-policy";
import { isMarketingTemplate, renderEmail, type EmailRequest, type TemplateName } from "./templates";
import type { EmailTransport, SendResult } from "./transport";
import { isSuppressed, listUnsubscribeHeaders, unsubscribeLinks } from "./unsubscribe";
import { redactLinks } from "./redact";
import { rawEnv } from "@/lib/env/runtime";

/**
 * The outbox: every email is recorded in `sent_emails` under an idempotency key BEFORE
 * anything is sent, then sent through the provider with that key as its Idempotency-Key,
 * so a retried signup, a double submission or a retry after a lost answer sends one
 * message.
 *
 * Statuses:
 * - `queued`: recorded and being sent (or waiting for its first attempt after a crash:
 *   `nextAttemptAt` is then the end of the claim, and the retry run picks it up).
 * - `sent`: the provider accepted it; `providerMessageId` is its id.
 * - `failed`: the provider refused it or could not be reached. With `nextAttemptAt` set a
 *   retry is scheduled (lib/email/retry-policy.ts); with it null the message is failed
 *   for good (a permanent error, or the last attempt) and `error` says why.
 * - `logged`: no provider is configured (no RESEND_API_KEY): written to the log and kept
 *   here so a developer can read it. It was NOT delivered, and nothing says it was.
 * - `suppressed`: marketing mail to an address that unsubscribed; not sent.
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
  /** The recipient unsubscribed from marketing mail: not sent. */
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

/**
 * One attempt to hand a recorded message to the provider, and the record of how it went.
 * The caller owns the record (it created it, or claimed it in `retryDueEmails`).
 */
async function attemptDelivery(db: PrismaClient, email: SentEmail, r: Resolved & { transport: EmailTransport }, now: Date): Promise<{ email: SentEmail; result: SendResult }> {
  const result = await r.transport.send({
    from: email.fromAddress ?? r.from,
    to: email.recipient,
    subject: email.subject,
    html: email.html,
    text: email.text,
    headers: storedHeaders(email.headers),
    tags: [{ name: "template", value: email.template }],
    idempotencyKey: email.idempotencyKey,
  });
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
 * Records the message under its idempotency key and, when a provider is configured,
 * sends it at once. A key seen before returns the existing record (`duplicate: true`)
 * and sends nothing. Marketing mail gets a signed unsubscribe link (replacing any
 * `unsubscribeUrl` passed in) and the List-Unsubscribe headers, and is not sent to an
 * address that unsubscribed.
 */
export async function queueEmail(db: PrismaClient, input: QueueEmailInput, deps: EmailDeps = {}): Promise<QueueEmailResult> {
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
    marketing && (await isSuppressed(db, to)) ? EMAIL_STATUS.suppressed : r.transport ? EMAIL_STATUS.queued : EMAIL_STATUS.logged;

  let email: SentEmail;
  try {
    email = await db.sentEmail.create({
      data: {
        idempotencyKey,
        recipient: to,
        template: request.template,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        status,
        fromAddress: r.from,
        headers,
        // A claim: if this process dies before the send is recorded, the retry run takes over after it.
        nextAttemptAt: status === EMAIL_STATUS.queued ? new Date(now.getTime() + RETRY_POLICY.claimLeaseMs) : null,
        createdAt: now,
      },
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const raced = await db.sentEmail.findUniqueOrThrow({ where: { idempotencyKey } });
    return { email: raced, duplicate: true };
  }

  if (status === EMAIL_STATUS.suppressed) {
    r.logger.info(`[email] not sent: the recipient unsubscribed from marketing mail template=${email.template} id=${email.id}`);
    return { email, duplicate: false };
  }
  if (!r.transport) {
    r.logger.info(
      [
        `[email] NOT DELIVERED (no email provider configured: set RESEND_API_KEY) template=${email.template} to=${email.recipient} id=${email.id}`,
        `Subject: ${email.subject}`,
        // Links carry sign-in, unsubscribe and access tokens: redacted here, in full at /dev/mail.
        redactLinks(email.text),
      ].join("\n"),
    );
    return { email, duplicate: false };
  }
  const delivered = await attemptDelivery(db, email, { ...r, transport: r.transport }, now);
  return { email: delivered.email, duplicate: false };
}

export type RetryDueEmailsOptions = EmailDeps & {
  /** Most messages attempted in one run (default 100). */
  limit?: number;
  /** Only these templates. */
  templates?: TemplateName[];
  /** All but these templates. */
  excludeTemplates?: TemplateName[];
};

export type RetryDueEmailsResult = {
  /** Messages whose retry time had come. */
  due: number;
  sent: number;
  /** Failed again, another attempt scheduled. */
  rescheduled: number;
  /** Failed for good this run (permanent error or last attempt). */
  failed: number;
  /** Not sent: the recipient unsubscribed since the message was recorded. */
  suppressed: number;
  /** False when no provider is configured: nothing was attempted. */
  deliveryConfigured: boolean;
};

/**
 * Sends again every message whose `nextAttemptAt` has come: failed ones waiting for
 * their retry, and queued ones whose sender died mid-send. Each is claimed first (a
 * conditional update on its status and retry time), so two runs at the same moment
 * never both send one message; the provider's idempotency key covers the rest. A rate
 * limit (429) ends the run early: the remaining messages stay due for the next one.
 */
export async function retryDueEmails(db: PrismaClient, now: Date, deps: RetryDueEmailsOptions = {}): Promise<RetryDueEmailsResult> {
  const r = resolveDeps(deps);
  const dueWhere: Prisma.SentEmailWhereInput = {
    status: { in: [EMAIL_STATUS.queued, EMAIL_STATUS.failed] },
    nextAttemptAt: { lte: now },
    ...(deps.templates || deps.excludeTemplates
      ? { template: { ...(deps.templates ? { in: deps.templates } : {}), ...(deps.excludeTemplates ? { notIn: deps.excludeTemplates } : {}) } }
      : {}),
  };
  const tally: RetryDueEmailsResult = { due: 0, sent: 0, rescheduled: 0, failed: 0, suppressed: 0, deliveryConfigured: r.transport !== null };
  if (!r.transport) {
    tally.due = await db.sentEmail.count({ where: dueWhere });
    return tally;
  }
  const transport = r.transport;
  const candidates = await db.sentEmail.findMany({ where: dueWhere, orderBy: { nextAttemptAt: "asc" }, take: deps.limit ?? 100 });
  tally.due = candidates.length;
  for (const candidate of candidates) {
    const claim = await db.sentEmail.updateMany({
      where: { id: candidate.id, status: candidate.status, nextAttemptAt: candidate.nextAttemptAt },
      data: { status: EMAIL_STATUS.queued, nextAttemptAt: new Date(now.getTime() + RETRY_POLICY.claimLeaseMs) },
    });
    if (claim.count !== 1) continue; // another run took it
    if (isMarketingTemplate(candidate.template) && (await isSuppressed(db, candidate.recipient))) {
      await db.sentEmail.update({ where: { id: candidate.id }, data: { status: EMAIL_STATUS.suppressed, nextAttemptAt: null } });
      tally.suppressed += 1;
      continue;
    }
    const { email, result } = await attemptDelivery(db, candidate, { ...r, transport }, now);
    if (email.status === EMAIL_STATUS.sent) tally.sent += 1;
    else if (email.nextAttemptAt) tally.rescheduled += 1;
    else tally.failed += 1;
    if (!result.ok && result.statusCode === 429) break;
  }
  return tally;
}

/** Whether the server can actually deliver email (decides what signups tell people). */
export function emailDeliveryConfigured(raw: Record<string, string | undefined> = rawEnv()): boolean {
  return Boolean(parseEnv(raw).email.resendApiKey);
}

/**
 * The OpenAPI 3.1 description of /api/v1 (docs/api.md), served as is at
 * /api/v1/openapi.json. Kept by hand beside lib/api/v1.ts; a test checks that every route
 * under app/api/v1 is described here and that the query limits match the code.
 */
import { HORIZONS, NAME_MAX, PER_YEAR_MAX, PRICE_MAX_DOLLARS, SNOOZE_MAX_DAYS, THRESHOLD_MAX, THRESHOLD_MIN } from "@/lib/watchlist/schema";
import { DUTY_FIRST_DAY, DUTY_LAST_DAY, DUTY_RATE_PER_MINUTE, V1_DEFAULT_LIMIT, V1_MAX_LIMIT, V1_RATE_PER_MINUTE } from "./limits";

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

const queryParameters = [
  {
    name: "format",
    in: "query",
    required: false,
    description: "Answer as JSON (default) or as a CSV download (RFC 4180, UTF-8, CRLF line ends, header row).",
    schema: { type: "string", enum: ["json", "csv"], default: "json" },
  },
  {
    name: "since",
    in: "query",
    required: false,
    description:
      "Only rows after this time (exclusive): an ISO 8601 date (midnight UTC) or date-time with a time zone. Pass the previous answer's nextSince to poll.",
    schema: { type: "string", examples: ["2026-07-01", "2026-07-01T12:00:00Z"] },
  },
  {
    name: "limit",
    in: "query",
    required: false,
    description: `Rows per answer, 1 to ${V1_MAX_LIMIT} (default ${V1_DEFAULT_LIMIT}).`,
    schema: { type: "integer", minimum: 1, maximum: V1_MAX_LIMIT, default: V1_DEFAULT_LIMIT },
  },
];

const dutyParameters = [
  { name: "hts", in: "query", required: true, description: "An 8- or 10-digit HTS code, dots optional.", schema: { type: "string", examples: ["6403.99.60", "9401.61.40.11", "9401614011"] } },
  { name: "origin", in: "query", required: true, description: "Country of origin, ISO 3166-1 alpha-2.", schema: { type: "string", pattern: "^[A-Za-z]{2}$", examples: ["VN"] } },
  {
    name: "date",
    in: "query",
    required: false,
    description: `The day of entry (YYYY-MM-DD, ${DUTY_FIRST_DAY} to ${DUTY_LAST_DAY}); today (UTC) when left out.`,
    schema: { type: "string", format: "date", examples: ["2027-01-01"] },
  },
];

const listResponses = (itemRef: string, csvDescription: string, csvExample: string) => ({
  "200": {
    description: "The list (JSON), or a CSV file with `?format=csv`.",
    headers: {
      "Content-Disposition": {
        description: 'CSV only: `attachment; filename="tariffwatch-<resource>-<YYYY-MM-DD>.csv"`.',
        schema: { type: "string" },
      },
      "X-Has-More": { description: "CSV only: true when more rows follow (ask again with since = X-Next-Since).", schema: { type: "string" } },
      "X-Next-Since": { description: "CSV only: the time of the last row.", schema: { type: "string", format: "date-time" } },
    },
    content: {
      "application/json": {
        schema: {
          type: "object",
          required: ["data", "count", "hasMore", "nextSince"],
          properties: {
            data: { type: "array", items: { $ref: itemRef } },
            count: { type: "integer", description: "Rows in data." },
            hasMore: { type: "boolean", description: "More rows follow: ask again with since = nextSince." },
            nextSince: { type: ["string", "null"], format: "date-time", description: "The time of the last row, or null when empty." },
          },
        },
      },
      "text/csv": {
        schema: { type: "string", description: csvDescription },
        example: csvExample,
      },
    },
  },
  "400": errorResponse("A query parameter is invalid: `errors` names each field."),
  "401": {
    ...errorResponse("No API key, an unknown key or a revoked key."),
    headers: { "WWW-Authenticate": { schema: { type: "string" }, description: 'Bearer realm="api"' } },
  },
  "403": errorResponse("The key's account has no API access (the Professional plan and above have it; a trial or Consumer plan does not)."),
  "429": {
    ...errorResponse(`More than ${V1_RATE_PER_MINUTE} requests a minute for this account (or from this address).`),
    headers: { "Retry-After": { schema: { type: "integer" }, description: "Seconds to wait." } },
  },
  "500": errorResponse("Something went wrong on our side."),
});


/** The answers every watchlist write shares: auth, plan, limits. */
const writeErrors = {
  "401": {
    ...errorResponse("No API key, an unknown key or a revoked key."),
    headers: { "WWW-Authenticate": { schema: { type: "string" }, description: 'Bearer realm="api"' } },
  },
  "403": errorResponse(
    "The key's account has no API access, or the change is over the plan's limits (a custom threshold without custom thresholds, a category over the plan's count, an account whose access has ended).",
  ),
  "415": errorResponse("The body is not JSON (send Content-Type: application/json)."),
  "429": {
    ...errorResponse(`More than ${V1_RATE_PER_MINUTE} requests a minute for this account (or from this address).`),
    headers: { "Retry-After": { schema: { type: "integer" }, description: "Seconds to wait." } },
  },
  "500": errorResponse("Something went wrong on our side."),
};

const watchAnswer = (description: string) => ({
  description,
  content: { "application/json": { schema: { type: "object", required: ["watch"], properties: { watch: { $ref: "#/components/schemas/Watch" } } } } },
});

const deletedAnswer = {
  description: "Removed.",
  content: { "application/json": { schema: { type: "object", required: ["deleted"], properties: { deleted: { type: "string", format: "uuid" } } } } },
};

const conflict = {
  ...errorResponse("Already on your watchlist: the same category, or an item of the same name, tariff line (or category) and origin."),
  headers: { Location: { schema: { type: "string" }, description: "The watch that is already there: /api/v1/watchlist/{id}." } },
};

const notFound = errorResponse("No watch with this id on your watchlist (another account's watch reads the same).");

const watchIdPath = { name: "id", in: "path", required: true, description: "The watch's id.", schema: { type: "string", format: "uuid" } };
const watchIdQuery = { ...watchIdPath, in: "query", description: "The watch's id (the same as /api/v1/watchlist/{id})." };
const byPath = [watchIdPath];
const byQuery = [watchIdQuery];

const updateBody = {
  required: true,
  content: { "application/json": { schema: { $ref: "#/components/schemas/WatchUpdate" } } },
};

const updateOperation = (operationId: string, parameters: unknown[]) => ({
  operationId,
  tags: ["watchlist"],
  summary: "Change a watch",
  description:
    "Any of: threshold (null = the plan default; another value needs custom thresholds), horizonDays, snoozeDays (0 ends a snooze); for an item, its name, price, madeIn (null clears it) and perYear (null clears it). " +
    "An item's details on a category watch are 400.",
  parameters,
  requestBody: updateBody,
  responses: {
    "200": watchAnswer("The watch as it is now."),
    "400": errorResponse("A field is invalid: `errors` names each field."),
    "404": notFound,
    "409": conflict,
    ...writeErrors,
  },
});

const deleteOperation = (operationId: string, parameters: unknown[]) => ({
  operationId,
  tags: ["watchlist"],
  summary: "Remove a watch",
  description: "Removes the watch; its past alerts stay (their watchId becomes null).",
  parameters,
  responses: { "200": deletedAnswer, "400": errorResponse("The id is missing."), "404": notFound, ...writeErrors },
});

export const OPENAPI_DOCUMENT = {
  openapi: "3.1.0",
  info: {
    title: "TariffWatch API",
    version: "1.0.0",
    summary: "Your tariff price alerts and watchlist, as JSON or CSV; add, change and remove watches.",
    description:
      "Your own alerts (read) and watchlist (read, add, change, remove) with a personal API key (Professional and Pro Alerts plans). " +
      "Create keys on your account page; each key is shown once. Every figure in an alert's `evidence` carries the ids of the legal sources it rests on.",
    contact: { email: "support@tariffwatch.app" },
  },
  servers: [{ url: "/", description: "This site" }],
  security: [{ apiKey: [] }],
  tags: [
    { name: "alerts", description: "Alerts written for your watches." },
    { name: "watchlist", description: "The categories and items you watch." },
    { name: "duty", description: "The duty on a product from a country on a day, with its legal basis (public, no key)." },
    { name: "meta", description: "This description." },
  ],
  paths: {
    "/api/v1/alerts": {
      get: {
        operationId: "listAlerts",
        tags: ["alerts"],
        summary: "Your alerts",
        description:
          "Without `since`: your newest `limit` alerts. With `since`: the alerts created after it. Both oldest first. " +
          "The CSV leaves out `evidence` (ask for JSON to get it).",
        parameters: queryParameters,
        responses: listResponses(
          "#/components/schemas/Alert",
          "Columns: id, created_at, kind, severity, category_id, watch_id, title, reason, central_pct, low_pct, high_pct, central_cents, event_ids (space separated), read_at, suppressed.",
          "id,created_at,kind,severity,category_id,watch_id,title,reason,central_pct,low_pct,high_pct,central_cents,event_ids,read_at,suppressed\r\n",
        ),
      },
    },
    "/api/v1/watchlist": {
      get: {
        operationId: "listWatchlist",
        tags: ["watchlist"],
        summary: "Your watchlist",
        description: "Your watches, least recently changed first; with `since`, only those changed after it.",
        parameters: queryParameters,
        responses: listResponses(
          "#/components/schemas/Watch",
          "Columns: id, kind, category_id, category_name, hts_code, name, price_cents, made_in, per_year, threshold_pct, direction, horizon_days, armed, snoozed_until, last_central_pct, evaluated_at, last_fired_at, created_at, updated_at.",
          "id,kind,category_id,category_name,hts_code,name,price_cents,made_in,per_year,threshold_pct,direction,horizon_days,armed,snoozed_until,last_central_pct,evaluated_at,last_fired_at,created_at,updated_at\r\n",
        ),
      },
      post: {
        operationId: "addWatch",
        tags: ["watchlist"],
        summary: "Watch a category or an item",
        description:
          "The same rules as the add form on /watchlist: a category by id, or an item with a name, a price and a category or HTS line. " +
          "Within the plan's limits (categories, custom thresholds). A retried add of the same watch is 409 with its Location, never a second watch.",
        requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/WatchCreate" } } } },
        responses: {
          "201": {
            ...watchAnswer("Added."),
            headers: { Location: { schema: { type: "string" }, description: "/api/v1/watchlist/{id}" } },
          },
          "400": errorResponse("A field is invalid, or the category or HTS line is not in our tables: `errors` names each field."),
          "409": conflict,
          ...writeErrors,
        },
      },
      patch: updateOperation("updateWatchByQuery", byQuery),
      delete: deleteOperation("removeWatchByQuery", byQuery),
    },
    "/api/v1/watchlist/{id}": {
      get: {
        operationId: "getWatch",
        tags: ["watchlist"],
        summary: "One watch",
        parameters: byPath,
        responses: { "200": watchAnswer("The watch."), "404": notFound, ...writeErrors },
      },
      patch: updateOperation("updateWatch", byPath),
      delete: deleteOperation("removeWatch", byPath),
    },
    "/api/v1/duty": {
      get: {
        operationId: "getDuty",
        tags: ["duty"],
        summary: "The duty on a product from a country on a day",
        description:
          "The duty stack on one HTS line for one origin on one day, past or future (scheduled changes included): the general rate, then each " +
          "additional measure with its Chapter 99 heading, legal basis, citation and how sure the reading is. `totalRate` is null when any part " +
          "is unknown (a per-unit or compound general rate, a duty on metal content, a fact about the article such as whether a medicine is " +
          "patented): `unknown` says why and `range` gives the total with and without the conditional parts. Public: no key, " +
          `${DUTY_RATE_PER_MINUTE} requests a minute per address.`,
        security: [],
        parameters: dutyParameters,
        responses: {
          "200": { description: "The duty answer.", content: { "application/json": { schema: { $ref: "#/components/schemas/DutyAnswer" } } } },
          "400": errorResponse("A query parameter is missing or invalid: `errors` names each field."),
          "404": errorResponse("The code is not a line of the HTS schedule the tables hold."),
          "429": {
            ...errorResponse(`More than ${DUTY_RATE_PER_MINUTE} requests a minute from this address.`),
            headers: { "Retry-After": { schema: { type: "integer" }, description: "Seconds to wait." } },
          },
          "500": errorResponse("Something went wrong on our side."),
        },
      },
    },
    "/api/v1/openapi.json": {
      get: {
        operationId: "getOpenApi",
        tags: ["meta"],
        summary: "This OpenAPI document",
        security: [],
        responses: {
          "200": { description: "The OpenAPI 3.1 document.", content: { "application/json": { schema: { type: "object" } } } },
        },
      },
    },
  },
  components: {
    securitySchemes: {
      apiKey: {
        type: "http",
        scheme: "bearer",
        bearerFormat: "tw_<43 characters>",
        description: "A personal API key from your account page: `Authorization: Bearer tw_...`. Revoked keys stop working at once.",
      },
    },
    schemas: {
      Error: {
        type: "object",
        required: ["message"],
        properties: {
          message: { type: "string", description: "What went wrong, in plain language." },
          errors: { type: "object", additionalProperties: { type: "string" }, description: "One message per invalid field (400 only)." },
        },
      },
      DutyAnswer: {
        type: "object",
        required: ["hts", "origin", "date", "totalRate", "lines", "asOf"],
        properties: {
          hts: { type: "string", description: "The HTS line, dotted.", examples: ["9401.61.40.11"] },
          description: { type: "string" },
          descriptionPath: { type: "string" },
          origin: { type: "string", examples: ["VN"] },
          originName: { type: "string" },
          date: { type: "string", format: "date" },
          totalRate: { type: ["number", "null"], description: "General rate plus every line, a fraction (0.25 = 25%); null when any part is unknown." },
          range: {
            type: ["object", "null"],
            properties: { low: { type: "number" }, high: { type: "number" } },
            description: "When the only unknowns are facts about the article: the total if none holds and if all hold.",
          },
          unknown: { type: "array", items: { type: "string" }, description: "Why the total is unknown." },
          lines: {
            type: "array",
            description: "The general rate first, then each additional measure that applies.",
            items: {
              type: "object",
              required: ["measure", "heading", "rate", "basis", "status", "citation", "confidence"],
              properties: {
                measure: { type: "string" },
                measureId: { type: ["string", "null"] },
                heading: { type: "string", description: "Chapter 99 heading(s), or the HTS line for the general rate." },
                rate: { type: ["number", "null"], description: "Fraction; null when the general rate is not ad valorem." },
                basis: { type: "string" },
                status: { type: "string", enum: ["in_force", "conditional"] },
                citation: {
                  type: ["object", "null"],
                  properties: { id: { type: "string" }, title: { type: "string" }, citation: { type: ["string", "null"] }, url: { type: "string" }, publishedAt: { type: "string", format: "date" } },
                },
                confidence: { type: "string", enum: ["confirmed", "secondary", "unconfirmed"] },
                onlyIf: { type: "string" },
                exemptIf: { type: "array", items: { type: "string" } },
                caveats: { type: "array", items: { type: "string" } },
              },
            },
          },
          partial: { type: "array", items: { type: "object" }, description: "Measures that reach only some statistical lines under the code asked." },
          notes: { type: "array", items: { type: "string" }, description: "Why measures do not apply (exemptions, stacking rules)." },
          deMinimis: { type: "object", properties: { available: { type: "boolean" }, text: { type: "string" } } },
          next: { type: "array", items: { type: "object" }, description: "The next changes to this stack after the day, within two years." },
          asOf: {
            type: "object",
            properties: { law: { type: "string", format: "date" }, lawUpdated: { type: ["string", "null"], format: "date" }, htsRevision: { type: "string" } },
          },
        },
      },
      Alert: {
        type: "object",
        required: ["id", "createdAt", "kind", "severity", "categoryId", "title", "reason", "eventIds", "suppressed", "evidence"],
        properties: {
          id: { type: "string", format: "uuid" },
          createdAt: { type: "string", format: "date-time" },
          kind: { type: "string", enum: ["legal-event", "relief", "threshold", "cpi"] },
          severity: { type: "string", enum: ["relief", "info", "watch", "act", "critical"] },
          categoryId: { type: "string", examples: ["footwear"] },
          watchId: { type: ["string", "null"], format: "uuid", description: "Null when the watch was deleted since." },
          title: { type: "string" },
          reason: { type: "string" },
          centralPct: { type: ["number", "null"], description: "Projected shelf-price change, central estimate (percent, e.g. 1.98)." },
          lowPct: { type: ["number", "null"], description: "Low end of the band (percent)." },
          highPct: { type: ["number", "null"], description: "High end of the band (percent)." },
          centralCents: { type: ["integer", "null"], description: "Central change in cents on your price, when the watch has one." },
          eventIds: { type: "array", items: { type: "string" }, description: "The legal events that triggered it." },
          readAt: { type: ["string", "null"], format: "date-time" },
          suppressed: { type: "boolean", description: "Held back from email by the daily cap or a snooze (still listed)." },
          evidence: {
            description: "Every figure with its formula, inputs and source ids (JSON only).",
            type: ["object", "array", "null"],
          },
        },
      },
      WatchCreate: {
        type: "object",
        description: "A category watch ({categoryId}) or an item watch ({name, price, categoryId or htsCode, ...}); kind is inferred when left out.",
        properties: {
          kind: { type: "string", enum: ["category", "item"] },
          categoryId: { type: "string", examples: ["footwear"], description: "A category id from GET /api/categories." },
          htsCode: { type: "string", examples: ["6403.99.60"], description: "An HTS line (dots optional); its category is used." },
          name: { type: "string", minLength: 1, maxLength: NAME_MAX },
          price: { type: "number", exclusiveMinimum: 0, maximum: PRICE_MAX_DOLLARS, description: "Your price in dollars." },
          madeIn: { type: "string", pattern: "^[A-Za-z]{2}$", description: "ISO 3166-1 alpha-2 country of origin." },
          perYear: { type: "integer", minimum: 1, maximum: PER_YEAR_MAX },
          threshold: { type: "number", minimum: THRESHOLD_MIN, maximum: THRESHOLD_MAX, description: "Percent; other than the default needs custom thresholds." },
          horizonDays: { type: "integer", enum: [...HORIZONS] },
        },
        examples: [{ categoryId: "footwear" }, { name: "Leather work boots", htsCode: "6403.99.60", price: 120, madeIn: "VN", perYear: 2 }],
      },
      WatchUpdate: {
        type: "object",
        minProperties: 1,
        properties: {
          threshold: { type: ["number", "null"], minimum: THRESHOLD_MIN, maximum: THRESHOLD_MAX },
          horizonDays: { type: "integer", enum: [...HORIZONS] },
          snoozeDays: { type: "integer", minimum: 0, maximum: SNOOZE_MAX_DAYS },
          name: { type: "string", minLength: 1, maxLength: NAME_MAX, description: "Items only." },
          price: { type: "number", exclusiveMinimum: 0, maximum: PRICE_MAX_DOLLARS, description: "Items only, dollars." },
          madeIn: { type: ["string", "null"], pattern: "^[A-Za-z]{2}$", description: "Items only; null clears it." },
          perYear: { type: ["integer", "null"], minimum: 1, maximum: PER_YEAR_MAX, description: "Items only; null clears it." },
        },
      },
      Watch: {
        type: "object",
        required: ["id", "kind", "categoryId", "thresholdPct", "direction", "horizonDays", "armed", "createdAt", "updatedAt"],
        properties: {
          id: { type: "string", format: "uuid" },
          kind: { type: "string", enum: ["category", "item"] },
          categoryId: { type: "string" },
          categoryName: { type: ["string", "null"] },
          htsCode: { type: ["string", "null"], description: "Dotted HTS code of an item (e.g. 6403.99.60); null = the category's reference line." },
          name: { type: ["string", "null"] },
          priceCents: { type: ["integer", "null"] },
          madeIn: { type: ["string", "null"], description: "ISO 3166-1 alpha-2 country of origin when known." },
          perYear: { type: ["integer", "null"], description: "How many you buy a year." },
          thresholdPct: { type: "number", description: "Alert when the projected change passes this (percent)." },
          direction: { type: "string", enum: ["up", "down", "both"] },
          horizonDays: { type: "integer" },
          armed: { type: "boolean" },
          snoozedUntil: { type: ["string", "null"], format: "date-time" },
          projection: {
            description:
              "The watch's current projection, the same figures as its page and its alerts at the same moment (docs/alerts.md, \"The stored projection\"); null when it cannot be computed.",
            type: ["object", "null"],
            required: ["status", "central", "low", "high", "byHorizon", "by", "horizonEnd", "unconfirmed", "asOf", "sentence"],
            properties: {
              status: { type: "string", enum: ["upcoming", "ramping", "none", "unknown"] },
              central: { type: ["number", "null"], description: "Shelf-price change still to come, percent (0.001 pp); null when unknown." },
              low: { type: ["number", "null"] },
              high: { type: ["number", "null"] },
              dollars: {
                type: "object",
                description: "The change on the watch's price, whole cents (plans with dollar figures, watches with a price).",
                properties: { low: { type: "integer" }, central: { type: "integer" }, high: { type: "integer" } },
              },
              byHorizon: { type: ["object", "null"], description: "Of which on the shelf by the horizon's end (low, central, high percent)." },
              by: { type: ["string", "null"], format: "date", description: "The day the last change is fully on the shelf." },
              horizonEnd: { type: "string", format: "date" },
              unconfirmed: { type: "boolean", description: "A figure rests on a row not yet confirmed against the final legal text." },
              asOf: { type: "string", format: "date", description: "The day the projection holds for." },
              sentence: { type: "string", description: "The one plain sentence the projection opens with." },
            },
          },
          lastCentralPct: { type: ["number", "null"], description: "The central projection (percent) the alert engine last decided on; the current one is projection.central." },
          evaluatedAt: { type: ["string", "null"], format: "date-time" },
          lastFiredAt: { type: ["string", "null"], format: "date-time" },
          createdAt: { type: "string", format: "date-time" },
          updatedAt: { type: "string", format: "date-time" },
        },
      },
    },
  },
} as const;

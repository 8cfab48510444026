/**
 * The Federal Register documents API (GET https://www.federalregister.gov/api/v1/documents.json,
 * https://www.federalregister.gov/developers/documentation/api/v1), filtered on tariffs,
 * newest first. No key is needed. A malformed answer is rejected whole.
 */
import { z } from "zod";
import { requestWithRetry, type HttpOptions } from "./http";
import { classifyCategory, classifyImpact, type NewsItem } from "./rules";

export const FEDERAL_REGISTER_FIELDS = [
  "title",
  "type",
  "abstract",
  "document_number",
  "html_url",
  "pdf_url",
  "public_inspection_pdf_url",
  "publication_date",
  "agencies",
  "excerpts",
] as const;

const agency = z.object({
  raw_name: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
  id: z.number().nullable().optional(),
  url: z.string().nullable().optional(),
  json_url: z.string().nullable().optional(),
  parent_id: z.number().nullable().optional(),
  slug: z.string().nullable().optional(),
});

const documentSchema = z.object({
  title: z.string().trim().min(1),
  type: z.string().min(1),
  abstract: z.string().nullable().optional(),
  document_number: z.string().trim().min(1).max(64),
  html_url: z.url().refine((u) => /^https:\/\//.test(u), "must be an https URL"),
  pdf_url: z.string().nullable().optional(),
  public_inspection_pdf_url: z.string().nullable().optional(),
  publication_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  agencies: z.array(agency),
  excerpts: z.string().nullable().optional(),
});

const responseSchema = z.object({
  count: z.number().int().nonnegative(),
  description: z.string().optional(),
  total_pages: z.number().int().nonnegative().optional(),
  next_page_url: z.string().nullable().optional(),
  results: z.array(documentSchema).optional(),
});

export type FederalRegisterDocument = z.infer<typeof documentSchema>;

export type FederalRegisterResult =
  | { ok: true; items: NewsItem[]; count: number }
  | { ok: false; kind: "network" | "timeout" | "http" | "malformed" | "budget"; error: string };

export function federalRegisterUrl(base: string, perPage = 20): string {
  const url = new URL(base);
  url.searchParams.set("conditions[term]", "tariffs");
  url.searchParams.set("order", "newest");
  url.searchParams.set("per_page", String(perPage));
  for (const f of FEDERAL_REGISTER_FIELDS) url.searchParams.append("fields[]", f);
  return url.toString();
}

function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/\s+/g, " ")
    .trim();
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** One Federal Register document as a news item; impact and category by the rules. */
export function toNewsItem(doc: FederalRegisterDocument): NewsItem {
  const description = clip(plainText(doc.abstract ?? doc.excerpts ?? ""), 600);
  const agencies = [...new Set(doc.agencies.map((a) => a.name ?? a.raw_name).filter((n): n is string => Boolean(n)))];
  const source = agencies.length ? `Federal Register - ${agencies.join(", ")}` : "Federal Register";
  const title = clip(plainText(doc.title), 500);
  return {
    documentNumber: doc.document_number.trim(),
    title,
    description,
    source,
    documentType: doc.type,
    publishedAt: new Date(`${doc.publication_date}T00:00:00.000Z`),
    category: classifyCategory({ documentType: doc.type, title, description }),
    url: doc.html_url,
    impact: classifyImpact({ documentType: doc.type, title, description }),
  };
}

export function parseFederalRegisterResponse(text: string): FederalRegisterResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, kind: "malformed", error: "the Federal Register answer is not JSON" };
  }
  const parsed = responseSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, kind: "malformed", error: `the Federal Register answer is not in the API's format (${issue?.path.join(".") || "root"}: ${issue?.message})` };
  }
  const seen = new Set<string>();
  const items: NewsItem[] = [];
  for (const doc of parsed.data.results ?? []) {
    const item = toNewsItem(doc);
    if (seen.has(item.documentNumber)) continue;
    seen.add(item.documentNumber);
    items.push(item);
  }
  return { ok: true, items, count: parsed.data.count };
}

export async function fetchTariffDocuments(base: string, http: HttpOptions, perPage = 20): Promise<FederalRegisterResult> {
  const result = await requestWithRetry(federalRegisterUrl(base, perPage), { method: "GET", headers: { Accept: "application/json" } }, http);
  if (!result.ok) return { ok: false, kind: result.kind, error: `Federal Register API: ${result.error}` };
  return parseFederalRegisterResponse(result.text);
}

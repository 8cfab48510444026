import { z } from "zod";
import { optionalString, stripSlash } from "./shared";

/** The site itself: runtime mode, public origin, support address, e-book demo mode. */
export const siteSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** Public origin of the site, used for absolute links in emails and metadata. */
  SITE_URL: optionalString.pipe(z.url("must be an absolute URL such as https://tariffwatch.example").optional()),
  /** E-book demo mode: every chapter unlocked (default on with the embedded database, off with DATABASE_URL). */
  EBOOK_DEMO_MODE: optionalString.pipe(z.enum(["true", "false"], { error: 'must be "true" or "false"' }).optional()),
  /** Support address shown on checkouts and in receipts (default the site's). */
  SUPPORT_EMAIL: optionalString.pipe(z.email("must be an email address").optional()),
  /** The port the app serves on (`npm run app`, scripts/serve.mjs, `next start` set it): the default SITE_URL's. */
  PORT: optionalString.pipe(z.string().regex(/^\d{1,5}$/, "must be a port number such as 3000").optional()),
});

export type SiteVars = z.infer<typeof siteSchema>;

export function checkSite(v: SiteVars & { DATABASE_URL?: string }, problems: string[]): void {
  // The sitemap, canonical URLs and every link in an email are absolute URLs on this origin:
  // a deployment must name it rather than fall back to http://localhost:3000 (docs/experience.md "404, /email-preview").
  if (v.NODE_ENV === "production" && v.DATABASE_URL && !v.SITE_URL) {
    problems.push("SITE_URL: is required in production (the public origin, such as https://tariffwatch.example)");
  }
}

export function siteSettings(v: SiteVars & { DATABASE_URL?: string }) {
  return {
    NODE_ENV: v.NODE_ENV,
    // Without SITE_URL (the demo and local runs): the origin this app serves on, so links in
    // emails and the sitemap reach it whatever its port (docs/security.md "The site's origin").
    SITE_URL: stripSlash(v.SITE_URL ?? `http://localhost:${v.PORT ?? "3000"}`),
    SUPPORT_EMAIL: v.SUPPORT_EMAIL ?? "support@tariffwatch.app",
    ebookDemoMode: v.EBOOK_DEMO_MODE ? v.EBOOK_DEMO_MODE === "true" : !v.DATABASE_URL,
  };
}

export type SiteSettings = ReturnType<typeof siteSettings>;

/** Renders structured data for search engines. `json` must come from jsonLdScript(). */
export function JsonLd({ json }: { json: string }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}

/**
 * The one reader of a Cookie header (or of `document.cookie`, which has the same shape:
 * `name=value; name2=value2`). No `server-only`: the site header reads the signed-in hint
 * with it in the browser (lib/accounts/signed-in-hint.ts).
 */

/** Every value sent under `name`, in the order the header lists them (a browser may send a name twice, for two paths). */
export function cookieValues(header: string | null | undefined, name: string): string[] {
  if (!header) return [];
  const values: string[] = [];
  for (const pair of header.split(";")) {
    const eq = pair.indexOf("=");
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    values.push(pair.slice(eq + 1).trim());
  }
  return values;
}

/** The first value sent under `name`, or null. */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  return cookieValues(header, name)[0] ?? null;
}

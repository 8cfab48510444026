/**
 * Links in text for a log (docs/security.md "Secrets stay out of logs"):
 * every query value of 8 characters or more and every path segment that looks like a
 * token (20 or more letters, digits, `_`, `-` or `.`) becomes "abcd…" (its first four
 * characters), so a logged sign-in, unsubscribe or e-book access link stays
 * recognisable but cannot be used. The full message is in the database (the demo
 * mailbox /dev/mail shows it locally).
 */
const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'<>]+/gi;
const TOKEN_SEGMENT = /^[A-Za-z0-9_.%-]{20,}$/;

function short(value: string): string {
  return value.length < 8 ? value : `${value.slice(0, 4)}…`;
}

function redactLink(link: string): string {
  const query = link.indexOf("?");
  const hash = link.indexOf("#", query < 0 ? 0 : query);
  const end = hash < 0 ? link.length : hash;
  const base = query < 0 ? link.slice(0, end) : link.slice(0, query);
  const origin = /^https?:\/\/[^/]*/i.exec(base)?.[0] ?? "";
  const path = base
    .slice(origin.length)
    .split("/")
    .map((segment) => (TOKEN_SEGMENT.test(segment) ? short(segment) : segment))
    .join("/");
  const search =
    query < 0
      ? ""
      : `?${link
          .slice(query + 1, end)
          .split("&")
          .map((pair) => {
            const eq = pair.indexOf("=");
            return eq < 0 ? pair : `${pair.slice(0, eq + 1)}${short(pair.slice(eq + 1))}`;
          })
          .join("&")}`;
  return `${origin}${path}${search}${link.slice(end)}`;
}

export function redactLinks(text: string): string {
  return text.replace(URL_IN_TEXT, (link) => redactLink(link));
}


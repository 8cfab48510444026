/**
 * The one body reader (docs/security.md): counts bytes while reading the
 * stream and stops at the cap, so an oversized body (chunked ones too, which declare no
 * length) is refused with 413 before it is buffered whole. Used by the route frame
 * (readBodyCapped, lib/http/route.ts: every JSON, form and raw body, the webhooks' too).
 */
/** Body caps (bytes): forms and account calls small, webhooks large enough for real provider events. */
export const BODY_LIMITS = { form: 32 * 1024, webhook: 1024 * 1024 } as const;

export type BodyResult = { ok: true; bytes: Buffer } | { ok: false; status: 400 | 413; message: string };

export function tooLargeMessage(limit: number): string {
  return `Request body is too large (limit ${limit} bytes).`;
}

export async function readBodyLimited(request: Request, limit: number): Promise<BodyResult> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) {
    // Do not read it: the server drains or drops the rest.
    request.body?.cancel().catch(() => undefined);
    return { ok: false, status: 413, message: tooLargeMessage(limit) };
  }
  if (!request.body) return { ok: true, bytes: Buffer.alloc(0) };
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = request.body.getReader();
  } catch {
    return { ok: false, status: 400, message: "Could not read the request body." };
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, status: 413, message: tooLargeMessage(limit) };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, status: 400, message: "Could not read the request body." };
  }
  return { ok: true, bytes: Buffer.concat(chunks) };
}

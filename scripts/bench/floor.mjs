// The framework floor: an empty Next.js app (one page rendering "Hello"), built with the
// very next/react/react-dom the project has installed, so its JavaScript is what any page
// of this Next version costs before the project adds anything.
//
// It lives under the project's .data/ (ignored by git, tsc, eslint and jest) rather than in
// the OS temp dir: Turbopack compiles nothing outside its workspace root, and a symlinked
// node_modules resolves outside it. Inside the project, `next` resolves from the project's
// own node_modules and the workspace root is the project's, exactly as for the app.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const files = {
  "package.json": JSON.stringify({ name: "tariffwatch-bench-floor", private: true, version: "0.0.0" }, null, 2),
  // Next looks for its config up the tree: without one here it would load the project's.
  "next.config.mjs": "/** The framework floor: Next's defaults. */\nexport default {};\n",
  // Likewise the instrumentation hook: without one here the build would take the project's
  // (which starts the app's timers and needs its path aliases).
  "instrumentation.ts": "/** The framework floor: nothing to start. */\nexport function register(): void {}\n",
  // And the request guard: the project's proxy.ts would be taken too. This one matches a
  // path no measurement visits, so the floor's pages run no proxy at all.
  "proxy.ts": 'export function proxy(): void {}\nexport const config = { matcher: ["/__bench_floor_never__"] };\n',
  "tsconfig.json": JSON.stringify(
    {
      compilerOptions: {
        target: "ES2017",
        lib: ["dom", "dom.iterable", "esnext"],
        allowJs: true,
        skipLibCheck: true,
        strict: false,
        noEmit: true,
        incremental: true,
        module: "esnext",
        esModuleInterop: true,
        moduleResolution: "bundler",
        resolveJsonModule: true,
        isolatedModules: true,
        jsx: "react-jsx",
        plugins: [{ name: "next" }],
      },
      include: ["next-env.d.ts", "**/*.ts", "**/*.tsx", ".next/types/**/*.ts"],
      exclude: ["node_modules"],
    },
    null,
    2,
  ),
  "app/layout.tsx": `export const metadata = { title: "Hello" };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`,
  // The same bytes as the app (docs/performance.md): GET /bench-bytes/<key> answers with the
  // status, headers and body the bench captured from the app and wrote to bytes/<key>.json
  // (read once, then kept in memory). A dynamic route handler: Next's own request handling
  // around a Buffer, nothing else.
  "bytes.ts": `import { readFileSync } from "node:fs";
import path from "node:path";

const cache = new Map<string, { status: number; headers: Record<string, string>; body: Uint8Array<ArrayBuffer> }>();

export function captured(key: string) {
  let r = cache.get(key);
  if (!r) {
    const raw = JSON.parse(readFileSync(path.join(process.cwd(), "bytes", key + ".json"), "utf8"));
    r = { status: raw.status, headers: raw.headers, body: new Uint8Array(Buffer.from(raw.body, "base64")) };
    cache.set(key, r);
  }
  return r;
}
`,
  "app/bench-bytes/[key]/route.ts": `import { captured } from "../../../bytes";

export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ key: string }> }) {
  const r = captured((await params).key);
  return new Response(r.body, { status: r.status, headers: r.headers });
}
`,
  // The dynamic floor (docs/performance.md, "The mix"): an empty page that does what every
  // signed-in page must do at the least: read the session cookie and one row of the same
  // database (the session, by the SHA-256 of its token, as lib/accounts/session.ts does),
  // through a pool of the app's size (lib/db/connect.ts: 10). BENCH_FLOOR_DATABASE_URL and
  // BENCH_FLOOR_COOKIE come from the bench when it starts the floor.
  "app/bench-dynamic/page.tsx": `import { createHash } from "node:crypto";
import { cookies } from "next/headers";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.BENCH_FLOOR_DATABASE_URL, max: 10 });

export default async function Page() {
  const token = (await cookies()).get(process.env.BENCH_FLOOR_COOKIE ?? "")?.value ?? "";
  const hash = createHash("sha256").update(token, "utf8").digest("hex");
  const { rows } = await pool.query('SELECT "subscriberId" FROM subscriber_sessions WHERE "tokenHash" = $1', [hash]);
  return <div>Hello {rows[0]?.subscriberId ?? "nobody"}</div>;
}
`,
  "app/page.tsx": `export default function Page() {
  return <div>Hello</div>;
}
`,
};

/** Writes what the app answered for a path, for the floor's /bench-bytes/<key>. */
export function writeFloorBytes(dir, key, captured) {
  mkdirSync(path.join(dir, "bytes"), { recursive: true });
  // Next's own signals are left out: a route handler's response that carried them would be
  // taken as an instruction by the floor's Next (x-middleware-rewrite, which the app's proxy
  // sets on a signed-in /alerts, made it answer errors instead of the bytes).
  const nextOwn = (k) => ["etag", "content-encoding", "vary", "x-nextjs-cache", "x-nextjs-prerender", "x-nextjs-stale-time"].includes(k) || k.startsWith("x-middleware-");
  const headers = Object.fromEntries(Object.entries(captured.headers).filter(([k]) => !nextOwn(k)).map(([k, v]) => [k, String(v)]));
  writeFileSync(path.join(dir, "bytes", `${key}.json`), JSON.stringify({ status: captured.status, headers, body: captured.body.toString("base64") }));
}

/** Writes the empty app into `dir` (emptied first). */
export function writeFloorApp(dir) {
  rmSync(dir, { recursive: true, force: true });
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
}

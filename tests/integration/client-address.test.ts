import { POST as newsletter } from "@/app/api/newsletter/route";
import { PUBLIC_FORM_LIMIT } from "@/lib/http/rate-limit";
import { builtAppDistDir, migratedPgliteDir, startApp } from "../helpers/app-server";
import { serveHandlers } from "../helpers/handler-server";
import { setupTestDatabase } from "../helpers/test-database";

/**
 * docs/security.md "The client's address": a flood that changes X-Forwarded-For on every request is still limited,
 * because the client address comes from the socket (or our own proxies), not the client.
 */
setupTestDatabase();

let counter = 0;
const forged = () => {
  counter += 1;
  return `203.0.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;
};

async function flood(url: string, xff: () => string, n = PUBLIC_FORM_LIMIT.capacity + 10): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const response = await fetch(`${url}/api/newsletter`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": xff(), "x-tw-client-ip": forged() },
      body: JSON.stringify({ email: `flood-${counter}-${i}@example.com` }),
    });
    statuses.push(response.status);
  }
  return statuses;
}

describe("client address (handlers behind a server that does what scripts/serve.mjs does)", () => {
  const saved = { server: process.env.TARIFFWATCH_SERVER, header: process.env.CLIENT_IP_HEADER };
  beforeAll(() => {
    process.env.TARIFFWATCH_SERVER = "1";
    delete process.env.CLIENT_IP_HEADER;
  });
  afterAll(() => {
    process.env.TARIFFWATCH_SERVER = saved.server;
    process.env.CLIENT_IP_HEADER = saved.header;
  });

  it("limits a flood that forges X-Forwarded-For (and x-tw-client-ip) on every request: 0 hops", async () => {
    const server = await serveHandlers({ "/api/newsletter": newsletter }, 0);
    try {
      const statuses = await flood(server.url, forged);
      expect(statuses.filter((s) => s === 201)).toHaveLength(PUBLIC_FORM_LIMIT.capacity);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    } finally {
      await server.close();
    }
  });

  it("behind one proxy, keys on the entry the proxy appended, not on what the client wrote before it", async () => {
    const server = await serveHandlers({ "/api/newsletter": newsletter }, 1);
    try {
      const statuses = await flood(server.url, () => `${forged()}, 198.51.100.77`);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
      // Another client behind the same proxy has its own bucket.
      const other = await flood(server.url, () => `${forged()}, 198.51.100.78`, 1);
      expect(other).toEqual([201]);
    } finally {
      await server.close();
    }
  });
});

const dist = builtAppDistDir();
(dist ? describe : describe.skip)(`client address (the built app behind scripts/serve.mjs, ${dist ?? "no build"})`, () => {
  it("limits a flood that changes X-Forwarded-For on every request", async () => {
    const db = await migratedPgliteDir();
    const app = await startApp(dist!, db.env);
    try {
      const statuses = await flood(app.url, forged);
      expect(statuses.filter((s) => s === 201)).toHaveLength(PUBLIC_FORM_LIMIT.capacity);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    } finally {
      await app.stop();
      db.cleanup();
    }
  }, 120_000);
});

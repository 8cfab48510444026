import net from "node:net";
import { openDatabase } from "@/lib/db/connect";

/**
 * The running app's embedded database lets the event loop turn before each statement
 * (lib/db/connect.ts; docs/performance.md, "Starved connections on the embedded database").
 * PGlite answers through promises only, so without a turn, requests that chain statements
 * keep the loop from polling its sockets: under load the server accepted one new
 * connection every 0.25-0.5 s and requests on them waited up to 10 s.
 */

/** Twenty request-like chains of twenty statements each, and a connection made while they run: how many chains had finished when it was accepted. */
async function chainsDoneWhenAccepted(server: boolean): Promise<{ acceptedAfter: number; chains: number }> {
  const database = openDatabase({ kind: "pglite", dataDir: `memory://event-loop-${server ? "server" : "tool"}` }, { server });
  const listener = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  const { port } = listener.address() as net.AddressInfo;
  try {
    await database.prisma.$queryRaw`SELECT 1`; // the cluster is up before the clock starts
    let done = 0;
    let acceptedAfter = -1;
    listener.once("connection", () => {
      acceptedAfter = done;
    });
    const chains = Array.from({ length: 20 }, async () => {
      for (let i = 0; i < 20; i++) await database.prisma.$queryRaw`SELECT ${i}::int AS n`;
      done++;
    });
    // A client connects while the chains run (as a new visitor does while requests are served).
    const client = net.connect(port, "127.0.0.1");
    client.on("error", () => undefined);
    await Promise.all(chains);
    // Let a late accept land before reading it.
    for (let i = 0; i < 10 && acceptedAfter === -1; i++) await new Promise((r) => setTimeout(r, 10));
    client.destroy();
    return { acceptedAfter, chains: chains.length };
  } finally {
    await new Promise((r) => listener.close(r));
    await database.close();
  }
}

test("the app's embedded database accepts a new connection while twenty requests chain statements", async () => {
  const { acceptedAfter, chains } = await chainsDoneWhenAccepted(true);
  expect(acceptedAfter).toBeGreaterThanOrEqual(0);
  expect(acceptedAfter).toBeLessThan(chains);
}, 60_000);

test("without the turn (scripts and tests open it so) the connection waits for every chain: what the turn prevents", async () => {
  const { acceptedAfter, chains } = await chainsDoneWhenAccepted(false);
  expect(acceptedAfter).toBe(chains);
}, 60_000);

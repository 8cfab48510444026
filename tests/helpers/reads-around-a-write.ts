/**
 * Reads that overlap a write: `workers` loops call `read` over and over; once the first read
 * has answered, `write` runs; the loops go on until each has made `after` reads that began
 * once the write had returned (or `maxReads` reads in all). Each read comes back with when it
 * began relative to the write, so a test can require that every read that began after the
 * write returned shows its result: the next GET after a write, also while other reads of
 * the same address are in flight (docs/security.md, "No answer outlives a write").
 */
export type TimedRead<T> = { began: "before" | "during" | "after"; value: T };

export async function readsAroundWrite<T>(
  read: () => Promise<T>,
  write: () => Promise<void>,
  { workers = 4, after = 3, maxReads = 200 }: { workers?: number; after?: number; maxReads?: number } = {},
): Promise<TimedRead<T>[]> {
  const reads: TimedRead<T>[] = [];
  let phase: TimedRead<T>["began"] = "before";
  let firstRead!: () => void;
  const firstAnswered = new Promise<void>((resolve) => (firstRead = resolve));
  const loop = async () => {
    let mine = 0;
    while (mine < after && reads.length < maxReads) {
      const began = phase;
      const value = await read();
      reads.push({ began, value });
      firstRead();
      if (began === "after") mine += 1;
    }
  };
  const loops = Array.from({ length: workers }, loop);
  await firstAnswered;
  phase = "during";
  await write();
  phase = "after";
  await Promise.all(loops);
  return reads;
}

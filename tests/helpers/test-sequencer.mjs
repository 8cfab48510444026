import { readFileSync } from "node:fs";
import path from "node:path";
import sequencer from "@jest/test-sequencer";

const TestSequencer = sequencer.default ?? sequencer;
const { seconds } = JSON.parse(readFileSync(new URL("../durations.json", import.meta.url), "utf8"));

/** The database template a test file starts from (`setupTestDatabase({ template })`, tests/helpers/test-database.ts), `empty` when it names none. */
function templateOf(test) {
  return /template:\s*"([\w-]+)"/.exec(readFileSync(test.path, "utf8"))?.[1] ?? "empty";
}

/**
 * Jest's own order (the files that failed last time first, then the slowest by its record of
 * the last run), with tests/durations.json standing in for that record where jest has none,
 * as in a fresh clone: otherwise jest orders by file size, and a short file that loads the
 * whole HTS schedule or starts the built app runs last, alone, while the other worker idles
 * (docs/performance.md "CI time").
 */
export default class SlowestFirst extends TestSequencer {
  time(test) {
    const recorded = super.time(test);
    if (recorded !== undefined) return recorded;
    const measured = seconds[path.relative(test.context.config.rootDir, test.path).split(path.sep).join("/")];
    // Not listed: a quick file, run among the last.
    return measured === undefined ? 0 : measured * 1000;
  }

  /**
   * The first file to start builds the templates it needs (tests/helpers/database-templates.ts),
   * and a file started beside it that needs the same one waits for the build, its worker idle
   * (the tariff tables: about 25 s). So the second file to start is the slowest that needs
   * none of the first file's templates but `empty`; the order is otherwise jest's.
   */
  sort(tests) {
    const sorted = super.sort(tests);
    if (sorted.length < 3) return sorted;
    const first = templateOf(sorted[0]);
    if (first === "empty" || templateOf(sorted[1]) !== first) return sorted;
    const other = sorted.findIndex((test, i) => i > 1 && templateOf(test) !== first);
    if (other === -1) return sorted;
    const [moved] = sorted.splice(other, 1);
    sorted.splice(1, 0, moved);
    return sorted;
  }
}

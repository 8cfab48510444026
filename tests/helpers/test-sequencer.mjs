import { readFileSync } from "node:fs";
import path from "node:path";
import sequencer from "@jest/test-sequencer";

const TestSequencer = sequencer.default ?? sequencer;
const { seconds } = JSON.parse(readFileSync(new URL("../durations.json", import.meta.url), "utf8"));

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
}

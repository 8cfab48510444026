// `npm run jobs:alerts [evaluate|digests|weekly|all]`: the alert jobs of the registry
// (lib/jobs/registry.ts; docs/alerts.md, "Jobs"), as `npm run jobs:run` names them:
// - evaluate: alert-evaluation (full re-evaluation of every watch, then instant emails and SMS);
// - digests: alert-digests (the daily digest, and the weekly one on Mondays, UTC);
// - weekly: alert-digests --weekly (the weekly digest now, whatever the day);
// - all (default): evaluate, then digests.
const job = process.argv[2] ?? "all";
const map: Record<string, string[]> = {
  evaluate: ["alert-evaluation"],
  digests: ["alert-digests"],
  weekly: ["alert-digests", "--weekly"],
  all: ["alert-evaluation", "alert-digests"],
};
if (!map[job]) {
  console.error(`Unknown job "${job}": use evaluate, digests, weekly or all.`);
  process.exitCode = 2;
} else {
  process.argv = [...process.argv.slice(0, 2), ...map[job]];
  void import("./jobs-run");
}

/**
 * The trial follow-ups, by concern: when each is due (./schedule.ts), sending them
 * (./sending.ts), ending trials and their pending retries (./deactivation.ts), and the
 * admin dashboard's figures (./statistics.ts).
 */
export * from "./schedule";
export * from "./sending";
export * from "./deactivation";
export * from "./statistics";

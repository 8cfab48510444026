/** Types of ./postgres.mjs for the TypeScript scripts that import it. */
export function startPostgres(port: number, settings?: Record<string, string>): { url: string; version: string; stop: () => void; log: string };

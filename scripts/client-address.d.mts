import type { IncomingMessage } from "node:http";

export const CLIENT_IP_HEADER_NAME: "x-tw-client-ip";
export function normalizeAddress(value: unknown): string;
export function parseTrustedProxyHops(raw: unknown): number;
export function resolveClientAddress(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, hops: number): string;
export function stampClientAddress(req: IncomingMessage, hops: number): void;

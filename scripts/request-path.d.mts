import type { IncomingMessage, ServerResponse } from "node:http";

export const MALFORMED_PATH_MESSAGE: string;
export function pathDecodes(target: string | undefined): boolean;
export function refuseMalformedPath(req: IncomingMessage, res: ServerResponse): boolean;

export const MARK_JS: string;
export const MARK_JS_HASH: string;
export function contentSecurityPolicy(options?: { nonce?: string | null; dev?: boolean }): string;
export function newNonce(): string;
export const NONCE_PAGES: readonly string[];
export function isNoncePage(pathname: string): boolean;
export const API_POLICY: string;

export function toAsciiHtml(html: string): string;
export function htmlFiles(dir: string): string[];
export function asciiPrerendered(distDir: string): string[];

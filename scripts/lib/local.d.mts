/** scripts/lib/local.mjs: what the end-to-end tests use of it. */
export const LOOPBACK: string;
export function serveArgs(options: { dir: string; port: number; persistTo: string; host?: string }): string[];

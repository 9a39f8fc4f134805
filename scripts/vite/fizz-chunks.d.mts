/** scripts/vite/fizz-chunks.mjs */
import type { Plugin } from "vite";

export const FIZZ_MODULE: RegExp;
export const BLOCK_START: string;
export const BLOCK_END: string;
export const REPLACEMENT: string;
export function rewriteFizzChunks(code: string): string;
export function fizzChunks(): Plugin;

/** scripts/lib/build-stamp.mjs */
export function inputsHash(root?: string): string | null;
export function writeStamp(dir: string, inputs: string | null): void;
export function isCurrent(dir: string, inputs: string | null): boolean;
export function copyBuild(from: string, to: string, inputs: string | null, root?: string): void;

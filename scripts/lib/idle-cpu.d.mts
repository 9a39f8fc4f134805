/** scripts/lib/idle-cpu.mjs */
export const IDLE_NICE: number;
export function othersCores(ms?: number): Promise<number | null>;
export function besideDecision(setting?: string): Promise<{ beside: boolean; why: string }>;
export function autogroupNice(pid?: number | "self"): number | null;
export function groupPriority(pid: number, level: number): boolean;
export function ordinaryPriority(pid: number): void;
export function watchStarvation(
  pid: number,
  options: {
    window?: number;
    every?: number;
    breath?: number;
    minimum?: number;
    othersBusy?: number;
    onStarved?: (found: { cores: number; others: number }) => void;
  },
): () => void;

/** scripts/lib/png.mjs */
export function gradientPng(
  width: number,
  height: number,
  from: [number, number, number],
  to?: [number, number, number],
): Buffer;

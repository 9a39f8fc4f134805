// CPU time of a local server: the `wrangler dev` process and every process under it (its proxy
// and the workerd that runs the Worker), read from Linux's /proc. The load loop (load.mjs) reads
// it before and after each of a target's slices, so only the time spent while that target was
// being asked is counted, however many servers run beside it (decision 188).
import { readdirSync, readFileSync } from "node:fs";

/** Linux's USER_HZ: /proc counts CPU time in these ticks, 100 a second on every Linux we run on. */
const TICKS_PER_SECOND = 100;

function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name is in parentheses and may hold spaces: the fields start after its ")".
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null; // gone between the listing and the read
  }
}

/**
 * Milliseconds of CPU (user + system) used so far by `rootPid` and all of its descendants.
 * `seen` keeps each process's last reading, so a process that exits (wrangler restarts a
 * workerd now and then) keeps counting what it used and the total never goes back.
 */
export function treeCpuMs(rootPid, seen = new Map()) {
  const processes = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const found = stat(name);
    if (found) processes.set(Number(name), found);
  }
  const inTree = new Set([rootPid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, { ppid }] of processes)
      if (!inTree.has(pid) && inTree.has(ppid)) {
        inTree.add(pid);
        grew = true;
      }
  }
  for (const pid of inTree) {
    const ticks = processes.get(pid)?.ticks;
    if (ticks !== undefined) seen.set(pid, Math.max(ticks, seen.get(pid) ?? 0));
  }
  let ticks = 0;
  for (const value of seen.values()) ticks += value;
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** A target's `cpu` for throughput(): the server tree's CPU, or nothing where /proc is not Linux's. */
export function cpuOf(rootPid) {
  if (process.platform !== "linux" || !rootPid) return undefined;
  const seen = new Map();
  return () => treeCpuMs(rootPid, seen);
}

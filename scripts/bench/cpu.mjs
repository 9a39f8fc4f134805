// CPU time of a local server: the `wrangler dev` process and every process under it (its proxy
// and the workerd that runs the Worker), read from Linux's /proc. The load loop (load.mjs) reads
// it before and after each of a target's slices, so only the time spent while that target was
// being asked is counted, however many servers run beside it (decision 188). Each thread's own
// run time in nanoseconds (/proc/<pid>/task/<tid>/schedstat, the scheduler's exact account) where
// the kernel gives it; else the process's user + system ticks, which the kernel samples 100 times
// a second and which are off by tens of ms over a short slice (decision 212).
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

/** Nanoseconds each thread of `pid` has run so far, by thread id; null where schedstat is missing. */
function threadRunNs(pid) {
  let tids;
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return null; // gone
  }
  const times = new Map();
  for (const tid of tids) {
    try {
      times.set(tid, Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]));
    } catch {
      // the thread ended between the listing and the read; its last reading stays in `seen`
    }
  }
  return times;
}

const schedstatWorks = (() => {
  try {
    return Number(readFileSync(`/proc/${process.pid}/schedstat`, "utf8").split(" ")[0]) > 0;
  } catch {
    return false;
  }
})();

/**
 * Milliseconds of CPU used so far by `rootPid` and all of its descendants. `seen` keeps each
 * thread's (or process's) last reading, so one that exits (wrangler restarts a workerd now and
 * then) keeps counting what it used and the total never goes back.
 */
export function treeCpuMs(rootPid, seen = new Map()) {
  const processes = processTree(rootPid);
  for (const pid of processes.keys()) {
    const threads = schedstatWorks ? threadRunNs(pid) : null;
    if (threads) {
      for (const [tid, ns] of threads) seen.set(`${pid}/${tid}`, Math.max(ns / 1e6, seen.get(`${pid}/${tid}`) ?? 0));
      continue;
    }
    const ticks = processes.get(pid)?.ticks;
    if (ticks !== undefined) seen.set(pid, Math.max((ticks * 1000) / TICKS_PER_SECOND, seen.get(pid) ?? 0));
  }
  let ms = 0;
  for (const value of seen.values()) ms += value;
  return ms;
}

/** `rootPid` and its descendants, each with its parent and its user + system ticks so far. */
export function processTree(rootPid) {
  const processes = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const found = stat(name);
    if (found) processes.set(Number(name), found);
  }
  const inTree = new Map([[rootPid, processes.get(rootPid)]]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, found] of processes)
      if (!inTree.has(pid) && inTree.has(found.ppid)) {
        inTree.set(pid, found);
        grew = true;
      }
  }
  return inTree;
}

/** A target's `cpu` for throughput(): the server tree's CPU, or nothing where /proc is not Linux's. */
export function cpuOf(rootPid) {
  if (process.platform !== "linux" || !rootPid) return undefined;
  const seen = new Map();
  return () => treeCpuMs(rootPid, seen);
}

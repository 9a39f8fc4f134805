// Running a step on the CPU that the rest of `npm test` leaves idle (decision 224), on Linux.
//
// The end-to-end suite keeps about one core of two busy on a quiet machine: its tests mostly wait
// for pages, hydration and the queue. The integration suite is CPU-bound. So `npm test` runs the
// integration suite beside the browsers at the lowest priority, where it only takes what they
// leave. A priority is only worth something against processes of the same scheduling group:
// with autogroups (the kernel's default), each session is a group and competes as one, and
// Playwright starts each browser in a session of its own. So the step gets a session of its own
// (a detached child) and that session's group gets the lowest priority too.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, setPriority } from "node:os";

/** The lowest priority: its group weighs 15 against an ordinary one's 1024. */
export const IDLE_NICE = 19;
/** Clock ticks a second in /proc (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** Every process's parent, group and CPU ticks so far (its own and its reaped children's). */
function processes() {
  const list = [];
  let names;
  try {
    names = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return list;
  }
  for (const name of names) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // The fields after the command's name, which may hold spaces and parentheses.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      list.push({ pid: Number(name), ppid: Number(fields[1]), group: Number(fields[2]), ticks });
    } catch {}
  }
  return list;
}

/** CPU seconds of `root` and everything it started, from what is alive now. */
function treeSeconds(all, root) {
  const children = new Map();
  for (const proc of all) children.set(proc.ppid, [...(children.get(proc.ppid) ?? []), proc]);
  let ticks = 0;
  const visit = (pid) => {
    for (const child of children.get(pid) ?? []) {
      ticks += child.ticks;
      visit(child.pid);
    }
  };
  ticks += all.find((proc) => proc.pid === root)?.ticks ?? 0;
  visit(root);
  return ticks / TICKS;
}

/** Busy CPU seconds of the whole machine so far (/proc/stat: all but idle and iowait). */
function machineSeconds() {
  const [, ...values] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = values;
  return (user + nice + system + irq + softirq + steal) / TICKS;
}

/**
 * How many cores other people's work kept busy over `ms`: the machine's busy time less this
 * run's (`npm test` and everything it started). Null where /proc cannot tell.
 */
export async function othersCores(ms = 2_000) {
  try {
    const before = [machineSeconds(), treeSeconds(processes(), process.pid)];
    await new Promise((resolve) => setTimeout(resolve, ms));
    const after = [machineSeconds(), treeSeconds(processes(), process.pid)];
    return Math.max(0, after[0] - before[0] - (after[1] - before[1])) / (ms / 1000);
  } catch {
    return null;
  }
}

/**
 * Whether to run the integration suite beside the end-to-end suite: SUITE_BESIDE=1 or 0 says so;
 * otherwise only when nobody else keeps a core busy. On a shared, busy machine there is no idle
 * CPU to take, and a suite at the lowest priority would only wait (decision 189 measured the two
 * suites side by side at a load of 15–48: slower than one after the other).
 */
export async function besideDecision(setting = process.env.SUITE_BESIDE) {
  if (setting === "1") return { beside: true, why: "SUITE_BESIDE=1" };
  // In turn unless asked: on the lead's quiet run beside the browsers, the roster's 500 queued
  // mails got too little CPU to leave within their test's 60 s (decision 224). A suite with
  // waits on a clock cannot run on idle CPU until those waits can. SUITE_BESIDE=auto measures.
  if (setting !== "auto")
    return { beside: false, why: setting === "0" ? "SUITE_BESIDE=0" : "in turn unless SUITE_BESIDE=1 or auto" };
  const measured = await othersCores();
  if (measured === null) return { beside: false, why: "no /proc to see the machine's load" };
  // Half a core of someone else's: a build, a bench, another suite.
  const others = Number(measured.toFixed(2));
  return { beside: others < 0.5, why: `other work kept ${others.toFixed(2)} of ${availableParallelism()} cores busy` };
}

/**
 * The nice of the autogroup the kernel schedules `pid` by, or null when it has none of its own:
 * the file reads "/autogroup-N nice M" only for a process whose session got an autogroup, and is
 * empty for one in the kernel's default group (the session a container's first process runs in,
 * as `npm test` does on CI), where each process's own nice orders it. A new session (a detached
 * child) always gets a group of its own.
 */
export function autogroupNice(pid = "self") {
  try {
    const found = /nice (-?\d+)/.exec(readFileSync(`/proc/${pid}/autogroup`, "utf8"));
    return found ? Number(found[1]) : null;
  } catch {
    return null;
  }
}

/** Gives the session group of `pid` (a detached child, its session's leader) the nice `level`. */
export function groupPriority(pid, level) {
  if (autogroupNice(pid) === null) return false;
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(level));
    return true;
  } catch {
    return false;
  }
}

/** Sets the nice of every process of the process group `pid` leads, and of its session's group. */
function groupNice(pid, level) {
  groupPriority(pid, level);
  for (const proc of processes()) {
    if (proc.group !== pid) continue;
    try {
      setPriority(proc.pid, level);
    } catch {}
  }
}

/** Back to an ordinary priority: the process group `pid` leads, each process and its session's group. */
export function ordinaryPriority(pid) {
  groupNice(pid, 0);
}

/**
 * Watches the step led by `pid` while it runs at the lowest priority. If it got almost no CPU for
 * `window` ms, its tests would soon wait out their timeouts: when other people's work took the
 * machine (`othersBusy` cores that are not this run's), there is no idle CPU to wait for and it
 * goes back to an ordinary priority for good (`onStarved`); when this run's own browsers did, it
 * gets an ordinary priority for `breath` ms, so that a test in flight moves on, and then the
 * lowest again. Returns a function that stops watching.
 */
export function watchStarvation(
  pid,
  { window = 10_000, every = 2_000, breath = 3_000, minimum = 0.02, othersBusy = 0.5, onStarved },
) {
  let samples = [];
  let resting = false;
  const timer = setInterval(() => {
    if (resting) return;
    const all = processes();
    const step = all.filter((proc) => proc.group === pid).reduce((sum, proc) => sum + proc.ticks, 0) / TICKS;
    samples.push({ at: Date.now(), step, machine: machineSeconds(), ours: treeSeconds(all, process.pid) });
    while (samples.length > 1 && samples[0].at < Date.now() - window) samples.shift();
    const [first, last] = [samples[0], samples[samples.length - 1]];
    const elapsed = (last.at - first.at) / 1000;
    if (elapsed * 1000 < window - every) return;
    const cores = Math.max(0, last.step - first.step) / elapsed;
    if (cores >= minimum) return;
    const others = Math.max(0, last.machine - first.machine - (last.ours - first.ours)) / elapsed;
    if (others >= othersBusy) {
      clearInterval(timer);
      ordinaryPriority(pid);
      onStarved?.({ cores, others });
      return;
    }
    resting = true;
    groupNice(pid, 0);
    setTimeout(() => {
      groupNice(pid, IDLE_NICE);
      samples = [];
      resting = false;
    }, breath).unref();
  }, every);
  timer.unref();
  return () => clearInterval(timer);
}

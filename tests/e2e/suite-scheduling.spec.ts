import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import {
  autogroupNice,
  besideDecision,
  groupPriority,
  IDLE_NICE,
  othersCores,
  watchStarvation,
} from "../../scripts/lib/idle-cpu.mjs";
import { expect, test } from "./support";

/**
 * `npm test` runs the integration suite beside the browsers on the CPU they leave idle, at the
 * lowest priority of its own scheduling group, and gives it an ordinary priority back when it
 * starves (decision 224). This runs scripts/lib/idle-cpu.mjs on a child process of its own (no
 * browser; once, in the project with JavaScript). On Linux; where the kernel schedules by session
 * (autogroups) the session's group is checked too. A process in the kernel's default group (a
 * container's first session, as this runner is on CI) has no session group of its own: its own
 * nice is what orders it. A detached child starts a session and so a group of its own.
 */
const linux = process.platform === "linux";
const niceOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")[16]);
/** The session group's nice where the process has one, else its own (which then decides). */
const groupNiceOf = (pid: number) => autogroupNice(pid) ?? niceOf(pid);

test("a step on idle CPU gets the lowest priority for its whole group; starved, a breath of an ordinary one, or for good when others took the machine @js-only", async () => {
  test.skip(!linux, "reads /proc");
  const runnerNice = groupNiceOf(process.pid);
  // A child in a session of its own, as npm test starts a background step, that asks for no CPU.
  const child = spawn("nice", ["-n", String(IDLE_NICE), "sleep", "30"], { detached: true, stdio: "ignore" });
  try {
    // Set only where the child's session has a group to set (wherever autogroups are on).
    expect(groupPriority(child.pid!, IDLE_NICE)).toBe(autogroupNice(child.pid!) !== null);
    await expect.poll(() => niceOf(child.pid!)).toBe(IDLE_NICE);
    expect(groupNiceOf(child.pid!)).toBe(IDLE_NICE);
    // Its own group, not this runner's: the runner's priority is untouched.
    expect(groupNiceOf(process.pid)).toBe(runnerNice);

    // Starved while this run's own work took the CPU: an ordinary priority for a breath, then
    // the lowest again.
    const starved: { cores: number; others: number }[] = [];
    let stop = watchStarvation(child.pid!, {
      window: 1_000,
      every: 200,
      breath: 1_000,
      othersBusy: Number.POSITIVE_INFINITY,
      onStarved: (found) => starved.push(found),
    });
    await expect.poll(() => niceOf(child.pid!), { intervals: [50] }).toBe(0);
    expect(groupNiceOf(child.pid!)).toBe(0);
    await expect.poll(() => niceOf(child.pid!), { intervals: [50] }).toBe(IDLE_NICE);
    expect(groupNiceOf(child.pid!)).toBe(IDLE_NICE);
    stop();
    expect(starved).toEqual([]);
    // Starved while others' work took the machine: an ordinary priority for good.
    stop = watchStarvation(child.pid!, {
      window: 1_000,
      every: 200,
      othersBusy: 0,
      onStarved: (found) => starved.push(found),
    });
    await expect.poll(() => starved.length, { timeout: 5_000 }).toBe(1);
    stop();
    expect(starved[0]!.cores).toBeLessThan(0.02);
    expect(niceOf(child.pid!)).toBe(0);
    expect(groupNiceOf(child.pid!)).toBe(0);
  } finally {
    child.kill();
  }
});

test("the suites run in turn unless asked; asked to measure, side by side only when nobody else keeps a core busy @js-only", async () => {
  expect(await besideDecision("1")).toEqual({ beside: true, why: "SUITE_BESIDE=1" });
  expect(await besideDecision("0")).toEqual({ beside: false, why: "SUITE_BESIDE=0" });
  expect(await besideDecision("")).toEqual({ beside: false, why: "in turn unless SUITE_BESIDE=1 or auto" });
  const others = await othersCores(500);
  expect(others).not.toBeNull();
  // Measured, whatever SUITE_BESIDE the run that runs this test was given.
  const decided = await besideDecision("auto");
  expect(decided.why).toMatch(/^other work kept \d+\.\d\d of \d+ cores busy$/);
  // Whatever the machine is doing, the answer follows what was measured.
  const measured = Number(/kept (\d+\.\d\d)/.exec(decided.why)![1]);
  expect(decided.beside).toBe(measured < 0.5);
});

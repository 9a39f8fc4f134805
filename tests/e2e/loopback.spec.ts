import { connect } from "node:net";
import { networkInterfaces } from "node:os";
import { expect, test } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { LOOPBACK, serveArgs } from "../../scripts/lib/local.mjs";

/**
 * Issue 22 item 8: the local server (`npm start`, and this suite's, both through serveBuild) listens
 * on loopback only unless HOST asks otherwise, since with `.dev.vars` the /__dev pages are on.
 */
function reachable(host: string, port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = connect({ host, port, timeout: 2_000 });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

test("the served build answers on 127.0.0.1 and on none of this machine's other addresses", async () => {
  expect(await reachable(LOOPBACK, E2E_PORT)).toBe(true);
  const others = Object.values(networkInterfaces())
    .flat()
    .filter((address) => address && address.family === "IPv4" && !address.internal)
    .map((address) => address!.address);
  test.skip(others.length === 0, "this machine has no address but loopback");
  for (const address of others) expect(await reachable(address, E2E_PORT), address).toBe(false);
});

test("wrangler is told to listen on loopback, its inspector too, unless a host is asked for", () => {
  const args = serveArgs({ dir: "build", port: 8787, persistTo: ".wrangler/state" });
  expect(args[args.indexOf("--ip") + 1]).toBe(LOOPBACK);
  expect(args[args.indexOf("--inspector-ip") + 1]).toBe(LOOPBACK);
  const asked = serveArgs({ dir: "build", port: 8787, persistTo: ".wrangler/state", host: "0.0.0.0" });
  expect(asked[asked.indexOf("--ip") + 1]).toBe("0.0.0.0");
});

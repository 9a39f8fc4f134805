import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { copyBuild, inputsHash, isCurrent, writeStamp } from "../../scripts/lib/build-stamp.mjs";
import { expect, test } from "./support";

/**
 * `npm test` copies a build instead of making it again only when it is a build of exactly the
 * sources in the checkout (decision 189): a wrong "current" would test stale code. This runs
 * scripts/lib/build-stamp.mjs on a checkout of its own in a temporary folder (no browser; once,
 * in the project with JavaScript).
 */
test("a build is reused only while its sources and its files are unchanged @js-only", () => {
  const root = mkdtempSync(join(tmpdir(), "build-stamp-"));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  try {
    write("app/root.tsx", "export default 1;\n");
    write("tests/e2e/a.spec.ts", "// a test\n");
    write("README.md", "# readme\n");
    write(".gitignore", "/build/\n/build-test/\n/.wrangler/\nnode_modules/\n");
    write("node_modules/.package-lock.json", '{"packages":{"a":"1.0.0"}}');
    execFileSync("git", ["init", "-q"], { cwd: root });
    execFileSync("git", ["add", "-A"], { cwd: root });

    const sources = inputsHash(root);
    expect(sources).toMatch(/^[0-9a-f]{64}$/);
    // What the build cannot read changes nothing: tests, the README, ignored files.
    write("tests/e2e/a.spec.ts", "// a test, changed\n");
    write("README.md", "# readme, changed\n");
    write(".wrangler/state/db.sqlite", "local data");
    expect(inputsHash(root)).toBe(sources);
    // A changed source, a new file (not yet added to git) or other installed packages do.
    write("app/root.tsx", "export default 2;\n");
    expect(inputsHash(root)).not.toBe(sources);
    write("app/root.tsx", "export default 1;\n");
    expect(inputsHash(root)).toBe(sources);
    write("app/new.ts", "export {};\n");
    expect(inputsHash(root)).not.toBe(sources);
    rmSync(join(root, "app/new.ts"));
    write("node_modules/.package-lock.json", '{"packages":{"a":"1.0.1"}}');
    expect(inputsHash(root)).not.toBe(sources);
    write("node_modules/.package-lock.json", '{"packages":{"a":"1.0.0"}}');
    expect(inputsHash(root)).toBe(sources);

    // A stamped build is current for its sources only.
    write("build/client/assets/entry.js", "console.log(1)");
    write("build/server/index.js", "export default {}");
    write("build/server/wrangler.json", '{"main":"index.js"}');
    writeStamp(join(root, "build"), sources);
    expect(isCurrent(join(root, "build"), sources)).toBe(true);
    expect(isCurrent(join(root, "build"), "0".repeat(64))).toBe(false);
    expect(isCurrent(join(root, "build-test"), sources)).toBe(false);
    // What serving and the dry run write into it later is not the build's.
    write("build/server/.dev.vars", "SESSION_SECRET=x");
    write("build/server/wrangler.services.json", "{}");
    write("build/server/.wrangler/tmp/x", "scratch");
    write("build/dry-run/index.js", "bundle");
    expect(isCurrent(join(root, "build"), sources)).toBe(true);

    // The copy is the build's files only, stamped, and wrangler deploys the copy.
    write(".wrangler/deploy/config.json", '{"configPath":"../../build/server/wrangler.json","auxiliaryWorkers":[]}');
    copyBuild("build", "build-test", sources, root);
    expect(isCurrent(join(root, "build-test"), sources)).toBe(true);
    expect(readFileSync(join(root, "build-test/server/index.js"), "utf8")).toBe("export default {}");
    expect(existsSync(join(root, "build-test/server/.dev.vars"))).toBe(false);
    expect(existsSync(join(root, "build-test/dry-run"))).toBe(false);
    expect(JSON.parse(readFileSync(join(root, ".wrangler/deploy/config.json"), "utf8"))).toEqual({
      configPath: "../../build-test/server/wrangler.json",
      auxiliaryWorkers: [],
    });

    // A build changed after its stamp (rebuilt without one, or edited) is not current.
    write("build/server/index.js", "export default { changed: true }");
    expect(isCurrent(join(root, "build"), sources)).toBe(false);
    rmSync(join(root, "build-test/client/assets/entry.js"));
    expect(isCurrent(join(root, "build-test"), sources)).toBe(false);
    // Outside a git checkout nothing is reused.
    expect(inputsHash(tmpdir())).toBeNull();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

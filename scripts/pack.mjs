#!/usr/bin/env node
// `pnpm run pack`: build the public packages and write one tarball each to dist-packages/
// with `pnpm pack` (which turns workspace:* ranges into the real versions).
// `--no-build` skips the build (for a caller that has just built them).
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const PUBLIC_PACKAGES = ["contract", "runner", "manager", "gates"];

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "dist-packages");
const run = (command, args, cwd) =>
  execFileSync(command, args, {
    cwd,
    stdio: ["ignore", "pipe", "inherit"],
    encoding: "utf8",
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" },
  });

if (!process.argv.includes("--no-build")) {
  const filters = PUBLIC_PACKAGES.map((name) => `--filter=@agent-verify/${name}`);
  process.stderr.write(`pack: building ${PUBLIC_PACKAGES.join(", ")}\n`);
  run("pnpm", ["exec", "turbo", "run", "build", "--output-logs=errors-only", ...filters], root);
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const tarballs = {};
for (const name of PUBLIC_PACKAGES) {
  const folder = join(root, "packages", name);
  const { version } = JSON.parse(readFileSync(join(folder, "package.json"), "utf8"));
  run("pnpm", ["pack", "--pack-destination", out], folder);
  const file = readdirSync(out).find((entry) => entry === `agent-verify-${name}-${version}.tgz`);
  if (!file) throw new Error(`pack: pnpm pack wrote no agent-verify-${name}-${version}.tgz`);
  tarballs[`@agent-verify/${name}`] = file;
}
// The tarballs by package name, for scripts and tests that install them.
writeFileSync(join(out, "packages.json"), `${JSON.stringify(tarballs, null, 2)}\n`);
for (const file of Object.values(tarballs)) process.stdout.write(`${join(out, file)}\n`);

#!/usr/bin/env node
// `pnpm run pack`: build the public packages and write one tarball each to dist-packages/
// with `pnpm pack` (which turns workspace:* ranges into the real versions).
// `--no-build` skips the build (for a caller that has just built them).
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { exitOnHelp } from "./lib/usage.mjs";

exitOnHelp(import.meta.url);

// Folders under packages/ that are published; `agent-verify` is the one-name package over the four.
export const PUBLIC_PACKAGES = ["contract", "runner", "manager", "gates", "agent-verify"];

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
  const filters = PUBLIC_PACKAGES.map((folder) => `--filter=./packages/${folder}`);
  process.stderr.write(`pack: building ${PUBLIC_PACKAGES.join(", ")}\n`);
  run("pnpm", ["exec", "turbo", "run", "build", "--output-logs=errors-only", ...filters], root);
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const tarballs = {};
for (const folder of PUBLIC_PACKAGES) {
  const dir = join(root, "packages", folder);
  const { name, version } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  run("pnpm", ["pack", "--pack-destination", out], dir);
  // pnpm's file name: the name without "@", "/" as "-" (@agent-verify/runner → agent-verify-runner-0.1.0.tgz).
  const expected = `${name.replace(/^@/, "").replace("/", "-")}-${version}.tgz`;
  const file = readdirSync(out).find((entry) => entry === expected);
  if (!file) throw new Error(`pack: pnpm pack wrote no ${expected}`);
  tarballs[name] = file;
}
// The tarballs by package name, for scripts and tests that install them.
writeFileSync(join(out, "packages.json"), `${JSON.stringify(tarballs, null, 2)}\n`);
for (const file of Object.values(tarballs)) process.stdout.write(`${join(out, file)}\n`);

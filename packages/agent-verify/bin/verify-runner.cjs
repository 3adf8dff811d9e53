#!/usr/bin/env node
// The runner's own bin, in this process (as run-tool.ts does for the other tools), from
// CommonJS: its `--list`, on a manager's hot path, then starts no ESM loader at all.
"use strict";
const { dirname, join } = require("node:path");
const manifest = require.resolve("@agent-verify/runner/package.json");
const bin = join(dirname(manifest), require(manifest).bin["verify-runner"]);
process.argv[1] = bin;
require(bin);

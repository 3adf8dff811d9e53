#!/usr/bin/env node
// `--list` runs from one CommonJS file (dist/bundle/list.cjs): a manager's hot path pays no
// ESM loader. Everything else loads the CLI bundle, each command's module when it runs.
"use strict";
const ran = require("../dist/bundle/list.cjs").runIfList(process.argv.slice(2));
if (ran === false) import("../dist/bundle/cli.js");

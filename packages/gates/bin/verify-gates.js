#!/usr/bin/env node
// The CLI as one bundle (scripts/bundle.mjs): a Stop hook's start loads a few files, not one per module.
import "../dist/bundle/cli.js";

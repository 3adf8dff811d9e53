#!/usr/bin/env node
// The CLI as one bundle (scripts/bundle.mjs): `--list` loads a few files, not one per module.
import "../dist/bundle/cli.js";

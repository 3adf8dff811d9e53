#!/usr/bin/env node
// The CLI as one bundle (scripts/bundle.mjs): a start-up that loads a few files, not ~150.
import "../dist/bundle/cli.js";

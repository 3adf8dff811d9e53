// Bundles the CLI (dist/cli.js, compiled by tsc) into dist/bundle/: one module graph of a few
// files instead of ~150 (the manager, @agent-verify/contract, zod, commander, the MCP SDK), so
// that each `verify-manager` process spends its start-up running, not resolving and reading
// modules (~0.3 → ~0.13 s of CPU to load `issue`). How: scripts/lib/bundle-cli.mjs.
import { fileURLToPath } from "node:url";
import { bundleCli } from "../../../scripts/lib/bundle-cli.mjs";

await bundleCli({ root: fileURLToPath(new URL("..", import.meta.url)) });

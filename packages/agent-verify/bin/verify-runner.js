#!/usr/bin/env node
import { runTool } from "../dist/run-tool.js";

await runTool("runner", process.argv.slice(2));

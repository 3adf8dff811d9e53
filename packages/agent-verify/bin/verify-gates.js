#!/usr/bin/env node
import { runTool } from "../dist/run-tool.js";

await runTool("gates", process.argv.slice(2));

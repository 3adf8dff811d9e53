#!/usr/bin/env node
import { runTool } from "../dist/run-tool.js";

await runTool("manager", process.argv.slice(2));

import type { GateFinding } from "@agent-verify/contract";
import { finding, outcome, skip, type Stage } from "../context.js";
import { isPresent } from "../diff/change.js";
import { requireKnownTool } from "../tools/known.js";
import { PRETTIER_ARGS, prettierFindings } from "../tools/prettier.js";
import { deadlineOf, runTool } from "../tools/run-tool.js";
import { unformattedPlaces } from "./format-hunks.js";

const HINT = "run prettier --write on the file";

/**
 * Stage 5: prettier on the changed files. An unformatted file counts where prettier would
 * rewrite a line the change added (held per changed line, not per file); a file prettier
 * cannot parse counts as a whole.
 */
export const format: Stage = async (ctx) => {
  const commands = ctx.commands("format");
  if ("off" in commands) return skip(commands.off);
  const files = ctx.change.files.filter(isPresent);
  if (files.length === 0) return skip("no changed files for this tool");
  const deadline = deadlineOf(ctx.config.timeouts, "tool_s");
  const findings: GateFinding[] = [];
  for (const command of commands.commands) {
    requireKnownTool("format", command);
    const args = [...PRETTIER_ARGS, "--", ...files.map((f) => f.path)];
    const listed = prettierFindings(
      command,
      await runTool(ctx.root, command, args, "format", ctx.env, deadline),
      ctx.root,
    );
    for (const f of listed) {
      const file = files.find((c) => c.path === f.file);
      const places =
        f.rule === "prettier" && file
          ? await unformattedPlaces(ctx.root, command, file, ctx.env, deadline)
          : [f];
      for (const p of places)
        findings.push(finding("format", p.file, p.line, p.rule, p.message, HINT));
    }
  }
  return outcome(findings);
};

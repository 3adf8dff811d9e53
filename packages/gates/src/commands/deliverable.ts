import { EXIT_CODE } from "../args.js";
import { checkDeliverable } from "../deliverable.js";
import { output, type CommandArgs, type CommandIo, type CommandResult } from "./command.js";

/** `verify-gates deliverable FILE`: a markdown deliverable's length, headings and citations. */
export async function deliverableCommand(
  args: CommandArgs<"deliverable">,
  io: CommandIo,
): Promise<CommandResult> {
  const result = await checkDeliverable({ file: args.file, minLines: args.minLines, cwd: io.cwd });
  const findings = result.findings.map(
    (f) => `${f.line === null ? f.file : `${f.file}:${f.line}`}: [${f.rule}] ${f.message}`,
  );
  return output(
    EXIT_CODE[result.status],
    args.json
      ? `${JSON.stringify(result, null, 2)}\n`
      : `deliverable ${args.file}: ${result.status.toUpperCase()}\n${findings.map((t) => `- ${t}\n`).join("")}`,
  );
}

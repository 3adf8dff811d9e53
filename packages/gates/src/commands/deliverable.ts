import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { EXIT_CODE } from "../args.js";
import { checkDeliverable, type DeliverableResult } from "../deliverable.js";
import { GatesError } from "../errors.js";
import { output, type CommandArgs, type CommandIo, type CommandResult } from "./command.js";

/** `verify-gates deliverable FILE`: the manager's deliverable rubric over one markdown file. */
export async function deliverableCommand(
  args: CommandArgs<"deliverable">,
  io: CommandIo,
): Promise<CommandResult> {
  const file = args.descriptionFile;
  const description =
    file === undefined
      ? null
      : await readFile(resolve(io.cwd, file), "utf8").catch(() => undefined);
  if (description === undefined)
    return output(
      EXIT_CODE.usage,
      "",
      `verify-gates: --description-file: ${file} not found or unreadable\n`,
    );
  let result: DeliverableResult;
  try {
    result = await checkDeliverable({
      file: args.file,
      minLines: args.minLines,
      kind: args.kind,
      description,
      cwd: io.cwd,
    });
  } catch (error) {
    if (!(error instanceof GatesError)) throw error;
    return output(EXIT_CODE.usage, "", `verify-gates: ${error.message}\n`);
  }
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

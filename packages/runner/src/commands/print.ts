import { emitJson } from "../output.js";
import type { CommandResult } from "./command.js";

/** The one printer: stderr text, then the one JSON object, then the exit code. */
export async function printResult(result: CommandResult): Promise<void> {
  if (result.text !== "") process.stderr.write(result.text);
  process.exitCode = result.exitCode;
  await emitJson(result.json);
  await result.done;
}

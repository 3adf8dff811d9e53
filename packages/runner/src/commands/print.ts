import { emitJson } from "../output.js";
import type { CommandResult } from "./command.js";

/** The one printer: stderr text, then the one JSON object, then the exit code. */
export async function printResult(result: CommandResult): Promise<void> {
  if (result.text !== "") process.stderr.write(result.text);
  process.exitCode = result.exitCode;
  // `--worker` has written its lines (one object per flow) already.
  if (result.json !== undefined) await emitJson(result.json);
  await result.done;
}

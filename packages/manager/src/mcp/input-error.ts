import type { z } from "zod";
import type { ToolFailure } from "./tool-spec.js";

/** Arguments that do not match a tool's schema → one line naming the field, and what to do. */
export function inputFailure(tool: string, error: z.ZodError): ToolFailure {
  const [first, ...more] = error.issues;
  const at = first?.path.length ? `${first.path.map(String).join(".")}: ` : "";
  const where = at.replace(/\.(\d+)(?=[.:])/g, "[$1]");
  const others = more.length > 0 ? ` (and ${more.length} more)` : "";
  return {
    reason: `invalid arguments: ${where}${first?.message ?? "invalid"}${others}`,
    hint: `send arguments that match ${tool}'s inputSchema (tools/list); nothing was run`,
  };
}

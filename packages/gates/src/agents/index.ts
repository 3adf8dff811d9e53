import { claude } from "./claude.js";
import { codex } from "./codex.js";
import { cursor } from "./cursor.js";
import type { AgentDialect, AgentName } from "./dialect.js";
import { gemini } from "./gemini.js";

export { AGENT_NAMES, type AgentDialect, type AgentName } from "./dialect.js";

const DIALECTS: Record<AgentName, AgentDialect> = { claude, codex, cursor, gemini };

/** The dialect of `verify-gates hook --agent <name>`. */
export const dialectOf = (name: AgentName): AgentDialect => DIALECTS[name];

import type { CliStatus } from "./commands/command.js";

/** The one place exit codes are decided (cli.ts sets them; the HTML report names them). */
export const EXIT_CODE_BY_STATUS: Record<CliStatus, number> = {
  passed: 0,
  failed: 1,
  setup: 2,
  usage: 2,
};

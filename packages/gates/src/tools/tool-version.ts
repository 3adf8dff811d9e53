import { GatesError, GatesErrorCode } from "../errors.js";
import { packageVersion } from "./command.js";

/** An installed tool's version, as its package.json in the repository's node_modules says. */
export interface ToolVersion {
  /** The npm package (`vitest`). */
  pkg: string;
  /** As written (`0.34.6`); `missing` or `unknown` when it could not be read. */
  text: string;
  major: number;
  minor: number;
  /** The version could be read: a tool gates cannot date gets every flag of the newest. */
  known: boolean;
}

export function toolVersion(root: string, pkg: string): ToolVersion {
  const text = packageVersion(root, pkg);
  const match = /^(\d+)\.(\d+)/.exec(text);
  if (!match) return { pkg, text, major: Infinity, minor: Infinity, known: false };
  return { pkg, text, major: Number(match[1]), minor: Number(match[2]), known: true };
}

/** Is `version` at least `major.minor`; an unknown version counts as the newest. */
export const atLeast = (version: ToolVersion, major: number, minor = 0): boolean =>
  version.major > major || (version.major === major && version.minor >= minor);

/**
 * A tool older than the oldest version gates reads is a setup error in one line naming the
 * tool and its version, before gates runs it with flags it does not know.
 */
export function requireVersion(
  stage: string,
  version: ToolVersion,
  major: number,
  minor = 0,
): void {
  if (atLeast(version, major, minor)) return;
  const oldest = `${major}.${minor}`;
  throw new GatesError(
    GatesErrorCode.ToolUnsupported,
    `${stage}: ${version.pkg} ${version.text} is older than gates supports (${version.pkg} ${oldest} or newer)`,
    { hint: `upgrade ${version.pkg} to ${oldest} or newer in the repository` },
  );
}

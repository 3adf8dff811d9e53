import { ManagerErrorCode } from "../../errors.js";

/** Errors about the loop's own files or state folder: the same for every ticket, so a batch stops. */
export const FILE_FAULTS = new Set<string>([
  ManagerErrorCode.FileUnusable,
  ManagerErrorCode.UnsafePath,
  ManagerErrorCode.StateDirUnusable,
]);

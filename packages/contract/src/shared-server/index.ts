// Zod-free: `@agent-verify/contract/shared-server`. One web server shared by every runner
// and manager on this machine that uses its URL, stopped by the last lease holder or, after
// a crash, by its host process; the lease folder's layout is this module's alone.
export { acquireSharedServer, holdSharedServer, SharedServerError } from "./acquire.js";
export type { AcquireOptions, SharedServerConfig, SharedServerLease } from "./acquire.js";
export { isAnswering, isPortTaken, whyNotAnswering } from "./probe.js";
export { leaseDir } from "./lease-dir.js";

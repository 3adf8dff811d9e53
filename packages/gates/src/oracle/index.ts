// The oracle: gates' reference point (contract 6). See oracle.ts.
export { oracleKind, type OracleFileKind } from "../catalogue/oracle-kinds.js";
export {
  commitOracle,
  openOracle,
  readTaskSnapshot,
  snapshotTask,
  snapshotTree,
  type Oracle,
  type OracleFile,
  type OracleManifest,
  type OracleSource,
} from "./oracle.js";
export { repoStateDir } from "../state/store.js";

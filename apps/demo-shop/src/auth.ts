import { scryptSync, timingSafeEqual, randomBytes } from "node:crypto";

export interface User {
  username: string;
  displayName: string;
}

interface StoredUser extends User {
  salt: Buffer;
  passwordHash: Buffer;
}

export interface VerifyOptions {
  /**
   * The `login-always-fails` bug: the hash is computed with the username as salt (as an older
   * version of the code did) instead of the stored salt, so no password ever matches.
   */
  useLegacySalt?: boolean;
}

const KEY_LENGTH = 32;

function hashPassword(password: string, salt: Buffer): Buffer {
  return scryptSync(password, salt, KEY_LENGTH);
}

function createUser(username: string, displayName: string, password: string): StoredUser {
  const salt = randomBytes(16);
  return { username, displayName, salt, passwordHash: hashPassword(password, salt) };
}

export const DEMO_CREDENTIALS = { username: "demo", password: "demo-pass" } as const;

const USERS: readonly StoredUser[] = [
  createUser(DEMO_CREDENTIALS.username, "Demo User", DEMO_CREDENTIALS.password),
];

export function findUser(username: string): User | undefined {
  const user = USERS.find((candidate) => candidate.username === username);
  return user && { username: user.username, displayName: user.displayName };
}

export function verifyCredentials(
  username: string,
  password: string,
  options: VerifyOptions = {},
): User | undefined {
  const user = USERS.find((candidate) => candidate.username === username);
  if (!user || password === "") return undefined;
  const salt = options.useLegacySalt ? Buffer.from(user.username) : user.salt;
  const matches = timingSafeEqual(hashPassword(password, salt), user.passwordHash);
  return matches ? { username: user.username, displayName: user.displayName } : undefined;
}

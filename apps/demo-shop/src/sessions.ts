import { randomBytes } from "node:crypto";
import type { CartItem } from "./cart.js";

export interface Session {
  id: string;
  cart: CartItem[];
  username: string | undefined;
  lastSeenMs: number;
}

const TWO_HOURS_MS = 2 * 60 * 60 * 1000;

/** In-memory sessions keyed by an unguessable id; idle ones expire. */
export class SessionStore {
  readonly #sessions = new Map<string, Session>();

  constructor(
    private readonly idleTimeoutMs: number = TWO_HOURS_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.#sessions.size;
  }

  get(id: string | undefined): Session | undefined {
    const session = id === undefined ? undefined : this.#sessions.get(id);
    if (!session) return undefined;
    if (this.#isExpired(session)) {
      this.#sessions.delete(session.id);
      return undefined;
    }
    session.lastSeenMs = this.now();
    return session;
  }

  create(): Session {
    this.#sweep();
    const session: Session = {
      id: randomBytes(24).toString("base64url"),
      cart: [],
      username: undefined,
      lastSeenMs: this.now(),
    };
    this.#sessions.set(session.id, session);
    return session;
  }

  /** Moves a session to a fresh id (on login), so an id seen before login is worthless after. */
  rotate(session: Session): Session {
    this.#sessions.delete(session.id);
    const fresh = { ...this.create(), cart: session.cart, username: session.username };
    this.#sessions.set(fresh.id, fresh);
    return fresh;
  }

  destroy(id: string): void {
    this.#sessions.delete(id);
  }

  #isExpired(session: Session): boolean {
    return this.now() - session.lastSeenMs > this.idleTimeoutMs;
  }

  #sweep(): void {
    for (const session of this.#sessions.values()) {
      if (this.#isExpired(session)) this.#sessions.delete(session.id);
    }
  }
}

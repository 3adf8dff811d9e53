import type { IncomingMessage, ServerResponse } from "node:http";
import { findUser, type User } from "../auth.js";
import { summarizeCart, type CartSummary } from "../cart.js";
import type { BugName } from "../config.js";
import { parseCookies, serializeCookie } from "../http/cookies.js";
import { sendHtml } from "../http/respond.js";
import type { OrderStore } from "../orders.js";
import type { Session, SessionStore } from "../sessions.js";
import type { SafeHtml } from "../views/html.js";
import { layout } from "../views/layout.js";

export const SESSION_COOKIE = "shop_session";

/** Everything that lives as long as the server does. */
export interface ShopState {
  sessions: SessionStore;
  orders: OrderStore;
  bugs: ReadonlySet<BugName>;
}

/** One request: its URL, the visitor's session (made only when something must be stored). */
export class RequestContext {
  readonly url: URL;
  #session: Session | undefined;

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    readonly state: ShopState,
  ) {
    this.url = new URL(req.url ?? "/", "http://localhost");
    this.#session = state.sessions.get(parseCookies(req.headers.cookie)[SESSION_COOKIE]);
  }

  get session(): Session | undefined {
    return this.#session;
  }

  hasBug(name: BugName): boolean {
    return this.state.bugs.has(name);
  }

  ensureSession(): Session {
    if (!this.#session) this.#useSession(this.state.sessions.create());
    return this.#session as Session;
  }

  /** Signs the visitor in on a fresh session id, keeping the cart. */
  signIn(user: User): void {
    const session = this.state.sessions.rotate(this.ensureSession());
    session.username = user.username;
    this.#useSession(session);
  }

  signOut(): void {
    if (this.#session) this.state.sessions.destroy(this.#session.id);
    this.#session = undefined;
    this.res.setHeader("set-cookie", serializeCookie(SESSION_COOKIE, "", { maxAgeSeconds: 0 }));
  }

  currentUser(): User | undefined {
    const username = this.#session?.username;
    return username === undefined ? undefined : findUser(username);
  }

  cart(): CartSummary {
    return summarizeCart(this.#session?.cart ?? []);
  }

  renderPage(status: number, title: string, content: SafeHtml): void {
    const page = layout({ title, cartCount: this.cart().count, user: this.currentUser() }, content);
    sendHtml(this.res, status, page);
  }

  #useSession(session: Session): void {
    this.#session = session;
    this.res.setHeader("set-cookie", serializeCookie(SESSION_COOKIE, session.id));
  }
}

export type Params = Record<string, string>;
export type Handler<Context> = (context: Context, params: Params) => Promise<void> | void;

interface Route<Context> {
  method: string;
  segments: string[];
  handler: Handler<Context>;
}

export type RouteMatch<Context> =
  | { kind: "found"; handler: Handler<Context>; params: Params }
  | { kind: "method-not-allowed"; allowed: string[] }
  | { kind: "not-found" };

function splitPath(path: string): string[] {
  return path.split("/").filter((segment) => segment !== "");
}

/** Matches one route pattern (`/products/:id`) against a path; undefined when it does not fit. */
function matchSegments(pattern: string[], path: string[]): Params | undefined {
  if (pattern.length !== path.length) return undefined;
  const params: Params = {};
  for (const [index, part] of pattern.entries()) {
    const actual = path[index] ?? "";
    if (part.startsWith(":")) {
      try {
        params[part.slice(1)] = decodeURIComponent(actual);
      } catch {
        return undefined;
      }
    } else if (part !== actual) {
      return undefined;
    }
  }
  return params;
}

/** A tiny method + path router; HEAD is served by the GET route (node drops the body). */
export class Router<Context> {
  readonly #routes: Route<Context>[] = [];

  add(method: string, pattern: string, handler: Handler<Context>): this {
    this.#routes.push({ method, segments: splitPath(pattern), handler });
    return this;
  }

  match(method: string, path: string): RouteMatch<Context> {
    const wanted = method === "HEAD" ? "GET" : method;
    const segments = splitPath(path);
    const allowed: string[] = [];
    for (const route of this.#routes) {
      const params = matchSegments(route.segments, segments);
      if (!params) continue;
      if (route.method === wanted) return { kind: "found", handler: route.handler, params };
      allowed.push(route.method);
    }
    return allowed.length > 0 ? { kind: "method-not-allowed", allowed } : { kind: "not-found" };
  }
}

/**
 * Every comment and status change the loop makes names its attempt. The manager looks
 * for the marker before it posts, so a post is never repeated, even after a kill.
 */
export function attemptMarker(ticket: string, attempt: number): string {
  return `[verify-manager attempt ${ticket}#${attempt}]`;
}

/** What a status change stores (bd metadata) so that it, too, names its attempt. */
export function statusChangeMarker(ticket: string, attempt: number): string {
  return `${ticket}#${attempt}`;
}

/**
 * A picker's claim on an order (docs/decisions/047-order-claims.md), the parts the pages and the
 * server share: how a claim is told to someone else.
 */

const clock = new Intl.DateTimeFormat("en-IN", { timeStyle: "short", timeZone: "Asia/Kolkata" });

/** "Being picked by Asha since 11:02 am": what another staff member is told, on the page and in a 409. */
export function claimNotice(name: string | null, since: number): string {
  return `Being picked by ${name || "a former staff member"} since ${clock.format(new Date(since))}`;
}

/** The longest reason a release records in the order's history. */
export const RELEASE_REASON_MAX = 200;

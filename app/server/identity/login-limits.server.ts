/**
 * How many password checks an account gets, and from whom (decision 011). Every check (login page,
 * /api/user/login, the current password of an email change) first takes a slot, atomically, in:
 *
 * - per account and client: 5 per 15 minutes, and 20 per 24 hours (the wait grows from 15 minutes
 *   to the rest of the day). The client is the browser's trusted-device id when it has signed in to
 *   this account before, otherwise its IP (IPv6 by /64, what one subscriber usually holds);
 * - per account, across every untrusted client: 50 per hour, against guessing spread over many
 *   addresses. Trusted browsers are not held by it.
 *
 * A refused try checks nothing and counts nothing. A right password clears the client's windows and
 * gives its account slot back, so the owner never locks themselves out by signing in. Unknown emails
 * are counted exactly like known ones. The per-IP Workers binding (PUBLIC_FORM_LIMITER) comes first.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { trustedDeviceId } from "./device.server";
import { clearCounters, refundSlot, takeSlots, type CounterWindow } from "~/server/db/rate-counters.server";
import { clientIp, limitByIp } from "~/server/platform/rate-limit.server";

const MINUTE = 60 * 1000;

export const LOGIN_LIMITS = {
  perClient: { max: 5, windowMs: 15 * MINUTE },
  perClientDay: { max: 20, windowMs: 24 * 60 * MINUTE },
  perAccount: { max: 50, windowMs: 60 * MINUTE },
} as const;

/** IPv4 as is; IPv6 reduced to its /64 network (anything unparsable is kept, bounded). */
export function clientNetwork(ip: string): string {
  if (!ip.includes(":") || ip.includes(".")) return ip.slice(ip.lastIndexOf(":") + 1).slice(0, 64);
  if (ip.split("::").length > 2) return ip.slice(0, 64);
  const [head, tail = ""] = ip.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = ip.includes("::") && tail ? tail.split(":") : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  if (groups.length !== 8 || !groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return ip.slice(0, 64);
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

export interface PasswordCheckClaim {
  /** The password was right: clear this client's windows and give the account slot back. */
  succeeded(): Promise<void>;
}

/** Takes a slot for one password check of `email`; throws RateLimited (429) when any window is full. */
export async function claimPasswordCheck(request: Request, context: AppLoadContext, email: string): Promise<PasswordCheckClaim> {
  await limitByIp(context.cloudflare.env.PUBLIC_FORM_LIMITER, request, "login");
  const device = await trustedDeviceId(request, context, email);
  const client = device ? `device:${device}` : `ip:${clientNetwork(clientIp(request))}`;
  const shortWindow: CounterWindow = { key: `login:15m:${client}:${email}`, ...LOGIN_LIMITS.perClient };
  const dayWindow: CounterWindow = { key: `login:24h:${client}:${email}`, ...LOGIN_LIMITS.perClientDay };
  const accountWindow: CounterWindow | null = device ? null : { key: `login:all:${email}`, ...LOGIN_LIMITS.perAccount };
  const refused = await takeSlots(context, accountWindow ? [shortWindow, dayWindow, accountWindow] : [shortWindow, dayWindow]);
  if (refused) throw refused;
  return {
    async succeeded() {
      await clearCounters(context, [shortWindow.key, dayWindow.key]);
      if (accountWindow) await refundSlot(context, accountWindow);
    },
  };
}

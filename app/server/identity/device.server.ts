/**
 * Trusted browsers (decision 011): a signed, HttpOnly, long-lived `__device` cookie that says "this
 * browser has signed in to these accounts before". It holds a random device id and a keyed tag of
 * each account's email (at most 5, newest first); no email is readable from it. A trusted browser
 * is limited on its own (per device, not per IP) and is not held by the per-account ceiling, so an
 * attacker guessing from many addresses cannot lock the owner out of a browser they already use.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { parseCookie, signedCookie } from "~/server/platform/cookies.server";
import { randomToken, sha256Hex } from "~/server/platform/crypto.server";
import { getSettings } from "~/server/platform/env.server";

const DEVICE_TTL_SECONDS = 365 * 24 * 60 * 60;
const MAX_ACCOUNTS = 5;
const TAG = /^[0-9a-f]{32}$/;

interface Device {
  id: string;
  accounts: string[];
}

function deviceCookie(context: AppLoadContext) {
  return signedCookie(context, "__device", DEVICE_TTL_SECONDS);
}

/** A tag for an account's email, keyed by the session secret (the cookie is signed, not encrypted). */
async function accountTag(context: AppLoadContext, email: string) {
  return (await sha256Hex(`${getSettings(context.cloudflare.env).sessionSecret}:device-account:${email}`)).slice(0, 32);
}

async function readDevice(request: Request, context: AppLoadContext): Promise<Device | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("__device=")) return null;
  const value = (await parseCookie(deviceCookie(context), header)) as Partial<Device> | null;
  if (typeof value?.id !== "string" || !TAG.test(value.id) || !Array.isArray(value.accounts)) return null;
  const accounts = value.accounts.filter((tag): tag is string => typeof tag === "string" && TAG.test(tag)).slice(0, MAX_ACCOUNTS);
  return { id: value.id, accounts };
}

/** The device id when this browser has signed in to the account with this email before; else null. */
export async function trustedDeviceId(request: Request, context: AppLoadContext, email: string): Promise<string | null> {
  const device = await readDevice(request, context);
  if (!device) return null;
  return device.accounts.includes(await accountTag(context, email)) ? device.id : null;
}

/** Marks this browser as trusted for the account (after a sign-in, a registration or a password reset). */
export async function trustDevice(request: Request, context: AppLoadContext, email: string): Promise<string> {
  const device = (await readDevice(request, context)) ?? { id: randomToken(16), accounts: [] };
  const tag = await accountTag(context, email);
  const accounts = [tag, ...device.accounts.filter((t) => t !== tag)].slice(0, MAX_ACCOUNTS);
  return deviceCookie(context).serialize({ id: device.id, accounts });
}

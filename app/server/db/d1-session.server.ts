/**
 * D1 read replication through the Sessions API (docs/decisions/026-read-replicas-and-bookmarks.md).
 * Every request opens ONE session on the `DB` binding, kept in its load context; `getDb`/`getD1`
 * (db.server.ts) hand it to Drizzle and to hand-written SQL. Where the session starts:
 *
 * - "first-primary": anything that may write (a page action, an `/api` write, the cron) and what
 *   admins and staff read (`/dashboard`), and checkout: they decide on what they read.
 * - the shopper's bookmark: every other read, when the request carries the bookmark cookie that a
 *   write of theirs left; D1 then answers only from a copy that has that write (read-your-writes).
 * - "first-unconstrained": every other read: catalogue pages and `/api` catalogue reads, the cart
 *   and account reads of a visitor who has not written lately. Any replica near the Worker may answer.
 *
 * After a request that may write and did (a statement that is not a plain SELECT), the session's
 * bookmark is set in a signed, HttpOnly cookie (`__d1b`), so the redirect that follows and the pages
 * after it see the write even when a replica answers them.
 */
import type { AppLoadContext, Cookie } from "@remix-run/cloudflare";
import type { RequestD1, SessionStart } from "../platform/bindings";
import { parseCookie, signedCookie } from "../platform/cookies.server";

export const BOOKMARK_COOKIE = "__d1b";

/**
 * How long a bookmark is carried. A replica is normally seconds behind the primary; after this any
 * copy has the write, and the visitor's reads start unconstrained again (and, with no other
 * cookie, catalogue pages come from the edge cache again).
 */
const BOOKMARK_MAX_AGE_SECONDS = 10 * 60;

/**
 * What a D1 bookmark looks like: hex groups joined by dashes (locally `00000000-00000006-…`).
 * Signed by us as well; the shape is checked again so nothing else ever reaches `withSession`.
 */
const BOOKMARK_PATTERN = /^[0-9a-f]{8}(?:-[0-9a-f]{1,64}){1,6}$/i;

/** `/api` reads of the catalogue, whatever their method (the original API reads with POST). */
const API_CATALOGUE_READS = new Set([
  "/api/product/get",
  "/api/product/get-product-by-category",
  "/api/product/get-pruduct-by-category-and-subcategory",
  "/api/product/get-product-details",
  "/api/product/search-product",
  "/api/product/suggest",
  "/api/category/get",
  "/api/subcategory/get",
  "/api/store/serviceability",
]);

/**
 * Writes whose answer must not tell whether an account (or an earlier request) exists: registering
 * a taken email, asking for a reset code, trying one, and "notify me" answer exactly as their
 * counterparts do (decision 021), though one writes and the other does not. A bookmark cookie on
 * one and not the other would tell. None needs one: what follows them is a write on the primary
 * (logging in, the next step of the reset) or nothing the visitor reads back.
 */
const ANSWERS_ALIKE = new Set([
  "/register",
  "/api/user/register",
  "/forgot-password",
  "/api/user/forgot-password",
  "/verification-otp",
  "/api/user/verify-forgot-password-otp",
  "/reset-password",
  "/api/user/reset-password",
  "/location",
]);

/** GET pages whose reads decide something: admin and staff boards, the shopper's own orders, checkout. */
const PRIMARY_PAGES = /^\/(?:dashboard|checkout)(?:\/|$)/;

const trimSlash = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname);

/** A read: a GET or HEAD, or an `/api` catalogue read. Anything else may write. */
function isRead(request: Request, pathname: string): boolean {
  return request.method === "GET" || request.method === "HEAD" || API_CATALOGUE_READS.has(pathname);
}

/** Where this request's session starts, given the bookmark it carries (already verified) or none. */
function sessionStart(request: Request, bookmark: string | null): SessionStart {
  const pathname = trimSlash(new URL(request.url).pathname);
  if (!isRead(request, pathname) || PRIMARY_PAGES.test(pathname)) return "first-primary";
  return bookmark ? `bookmark:${bookmark}` : "first-unconstrained";
}

function bookmarkCookie(context: AppLoadContext): Cookie {
  return signedCookie(context, BOOKMARK_COOKIE, BOOKMARK_MAX_AGE_SECONDS);
}

/** The bookmark the request carries, if it is ours (signed) and shaped like one; anything else reads as none. */
export async function carriedBookmark(request: Request, context: AppLoadContext): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header || !header.includes(`${BOOKMARK_COOKIE}=`)) return null;
  const value = await parseCookie(bookmarkCookie(context), header);
  return typeof value === "string" && value.length <= 200 && BOOKMARK_PATTERN.test(value) ? value : null;
}

/** A plain read: SELECT (or a VALUES list), comments and spaces first. Anything else counts as a write. */
function isPlainRead(query: string): boolean {
  return /^(?:\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)*(?:select|values)\b/i.test(query);
}

/** Opens the request's one D1 session. A binding without the Sessions API (an old proxy) is used as is. */
export function openRequestD1(binding: D1Database, request: Request, bookmark: string | null): RequestD1 {
  const start = sessionStart(request, bookmark);
  const pathname = trimSlash(new URL(request.url).pathname);
  const session: D1DatabaseSession | D1Database =
    typeof binding.withSession === "function" ? binding.withSession(start.startsWith("bookmark:") ? start.slice("bookmark:".length) : start) : binding;
  const state: RequestD1 = {
    db: undefined as unknown as D1Database,
    start,
    wrote: false,
    bookmark: () => ("getBookmark" in session && typeof session.getBookmark === "function" ? session.getBookmark() : null),
    // A read's own bookkeeping (search insights, notices dropped once shown) is not the visitor's write.
    leavesBookmark: !isRead(request, pathname) && !ANSWERS_ALIKE.has(pathname),
  };
  // Drizzle's D1 driver takes a D1Database and calls only prepare and batch (drizzle-orm#4522).
  state.db = {
    prepare(query: string) {
      if (!state.wrote && !isPlainRead(query)) state.wrote = true;
      return session.prepare(query);
    },
    batch<T = unknown>(statements: D1PreparedStatement[]) {
      return session.batch<T>(statements);
    },
    exec(query: string) {
      // Only the binding has exec (multi-statement SQL, no bindings): no request path uses it.
      state.wrote = true;
      return binding.exec(query);
    },
    withSession: () => {
      throw new Error("one D1 session per request: use getDb/getD1");
    },
  } as unknown as D1Database;
  return state;
}

/**
 * Sets the bookmark cookie on a response to a request that wrote (see `leavesBookmark`), so the
 * visitor's next requests start their sessions from it. Other responses pass through untouched,
 * refusals (4xx/5xx) included: a refused write has nothing to read back, and refusals must look
 * alike whatever they wrote on the way (a failed login counts a known account's failures).
 */
export async function withBookmarkCookie(response: Response, context: AppLoadContext): Promise<Response> {
  const d1 = context.d1;
  if (!d1 || !d1.leavesBookmark || !d1.wrote || response.status >= 400) return response;
  const bookmark = d1.bookmark();
  if (!bookmark || !BOOKMARK_PATTERN.test(bookmark)) return response;
  const cookie = await bookmarkCookie(context).serialize(bookmark);
  // A redirect or a streamed page may have immutable headers: answer with a copy.
  const answered = new Response(response.body, response);
  answered.headers.append("Set-Cookie", cookie);
  return answered;
}

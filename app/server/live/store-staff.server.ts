/**
 * Who may listen to a dark store's live channel (decision 028): the same rule as its pages
 * (store-access.server.ts, decision 027): admins every store, a store's staff only theirs. The
 * session user carries `staffStoreId`, read with it in one query, so this asks D1 nothing more.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { SessionUser } from "~/server/identity/auth.server";
import { worksAt } from "~/server/identity/store-access.server";

export async function canSeeStore(_context: AppLoadContext, user: Pick<SessionUser, "role" | "staffStoreId">, storeId: string): Promise<boolean> {
  return worksAt(user, storeId);
}

/**
 * Who may see a dark store's orders (issue 30): admins see every store; a store's staff see theirs.
 * Until the `store_staff` table (migration 0019) is merged in, only admins pass.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { SessionUser } from "~/server/identity/auth.server";

export async function canSeeStore(_context: AppLoadContext, user: Pick<SessionUser, "id" | "role">, _storeId: string): Promise<boolean> {
  return user.role === "ADMIN";
}

import { useRouteLoaderData } from "@remix-run/react";
import type { Role } from "~/db/schema";

export interface Account {
  name: string;
  mobile: string;
  role: Role;
  avatar: string;
  /** The store whose queue this account works (staff, decision 027), or null. */
  staffStoreId: string | null;
}

/** The signed-in account from the root loader (null for guests). */
export function useAccount(): Account | null {
  const root = useRouteLoaderData("root") as { user?: Account | null } | undefined;
  return root?.user ?? null;
}

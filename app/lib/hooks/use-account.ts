import { useRouteLoaderData } from "@remix-run/react";
import type { Role, StaffRole } from "~/db/schema";

export interface Account {
  name: string;
  mobile: string;
  role: Role;
  avatar: string;
  /** The store whose queue this account works (staff, decision 027), or null. */
  staffStoreId: string | null;
  /** What they do there (decision 041): a rider's menu leads to their deliveries. */
  staffRole?: StaffRole | null;
}

/** The signed-in account from the root loader (null for guests). */
export function useAccount(): Account | null {
  const root = useRouteLoaderData("root") as { user?: Account | null } | undefined;
  return root?.user ?? null;
}

import { Link, useMatches } from "@remix-run/react";
import { useAccount } from "~/lib/hooks/use-account";

/** The store a staff page is about, read from its loader data (null while it is not known, e.g. a 403). */
export interface StaffPageStore {
  storeId: string;
  storeName: string | null;
}

/**
 * A route's `handle` that asks the layout for the staff header instead of the shopper's: store pages
 * are worked on a phone, where the shopper's search, delivery line and cart cost a third of the screen.
 */
export interface StaffPageHandle {
  staffPage: (data: unknown, params: Record<string, string | undefined>) => StaffPageStore | null;
}

const isStaffHandle = (handle: unknown): handle is StaffPageHandle =>
  typeof handle === "object" && handle !== null && typeof (handle as Partial<StaffPageHandle>).staffPage === "function";

/** The deepest matched route that is a staff page, and its store; null on every other page. */
export function useStaffPage(): StaffPageStore | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const { handle, data, params } = matches[i];
    if (isStaffHandle(handle)) return handle.staffPage(data, params);
  }
  return null;
}

/** One row (48 px): the store's name, the way back to its queue, and the account. No JavaScript needed. */
export function StaffHeader({ store }: { store: StaffPageStore }) {
  const account = useAccount();
  const queue = `/dashboard/stores/${encodeURIComponent(store.storeId)}/queue`;
  return (
    <header id="staff-header" className="sticky top-0 z-40 border-b border-neutral-200 bg-white">
      <div className="mx-auto flex h-12 max-w-7xl items-center gap-2 px-3 sm:px-4">
        <Link to={queue} className="flex min-h-11 shrink-0 items-center rounded px-2 text-sm font-semibold text-brand hover:bg-neutral-100">
          <span aria-hidden="true">←&nbsp;</span>Queue
        </Link>
        <p className="min-w-0 flex-1 truncate text-center text-sm font-semibold text-neutral-900" data-testid="staff-header-store">
          {store.storeName ?? "Store"}
        </p>
        {account?.staffRole === "rider" && account.staffStoreId === store.storeId ? (
          <Link
            to={`/dashboard/stores/${encodeURIComponent(store.storeId)}/deliveries`}
            className="flex min-h-11 shrink-0 items-center rounded px-2 text-sm font-semibold text-brand hover:bg-neutral-100"
          >
            Deliveries
          </Link>
        ) : null}
        <Link
          to={account ? "/user" : "/login"}
          className="flex min-h-11 shrink-0 items-center rounded px-2 text-sm font-medium text-neutral-700 hover:bg-neutral-100"
        >
          {account ? "Account" : "Login"}
        </Link>
      </div>
    </header>
  );
}

import { Link } from "@remix-run/react";

/** The title bar of a store's admin page (stock import, sync tokens, metrics): its heading and the way back to the stores. */
export function StorePageHeader({ id, title, backToStores = true }: { id: string; title: string; backToStores?: boolean }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 bg-white py-2 shadow-sm">
      <h1 id={id} className="text-lg font-semibold">
        {title}
      </h1>
      {backToStores ? (
        <Link to="/dashboard/stores" className="rounded border border-amber-400 px-3 py-1 text-sm hover:bg-amber-400">
          Back to stores
        </Link>
      ) : null}
    </div>
  );
}

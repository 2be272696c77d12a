import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PermissionDenied } from "~/components/layout/PermissionDenied";
import { MostWantedTable } from "~/components/notify/MostWantedTable";
import { isId } from "~/lib/ids";
import { requireAdminPage } from "~/server/identity/auth.server";
import { notFound } from "~/server/http/not-found.server";
import { mostWanted } from "~/server/notify/requests.server";
import { storeForImport } from "~/server/stores/stock-import.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.store ? `${data.store.name} | FreshDash` : "Store | FreshDash" }];

/**
 * A store's page for admins: its most wanted products (open "Notify me" requests per product,
 * most first: decision 032), so the store knows what to restock; links to its other pages.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { allowed } = await requireAdminPage(request, context);
  if (!allowed) return data({ allowed: false as const, store: null, wanted: [] }, { status: 403 });
  if (!isId(params.storeId)) throw notFound();
  const [store, wanted] = await Promise.all([storeForImport(context, params.storeId), mostWanted(context, params.storeId)]);
  if (!store) throw notFound();
  return data({ allowed: true as const, store, wanted });
}

export default function StorePage() {
  const loaded = useLoaderData<typeof loader>();
  if (!loaded.allowed) return <PermissionDenied />;
  const { store, wanted } = loaded;
  return (
    <section aria-labelledby="store-title" className="grid gap-4">
      <h1 id="store-title" className="text-lg font-semibold">
        {store.name}
      </h1>
      <nav aria-label="Store pages" className="flex flex-wrap gap-2 text-sm">
        {(["stock", "queue", "staff", "tokens", "metrics"] as const).map((page) => (
          <Link key={page} to={`/dashboard/stores/${store.id}/${page}`} className="rounded bg-sky-100 px-3 py-1 text-sky-900 hover:bg-sky-200">
            {page[0].toUpperCase() + page.slice(1)}
          </Link>
        ))}
      </nav>
      <MostWantedTable rows={wanted} />
    </section>
  );
}

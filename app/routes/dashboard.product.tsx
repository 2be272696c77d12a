import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useSearchParams, useSubmit } from "@remix-run/react";
import { useRef } from "react";
import { PermissionDenied } from "~/components/PermissionDenied";
import { pageParam } from "~/lib/schemas/catalogue";
import { requireAdminPage } from "~/utils/auth.server";
import { loadProductPage, type CatalogueProduct, type Page } from "~/utils/catalogue.server";

export const meta: MetaFunction = () => [{ title: "Product | FreshDash" }];

const PAGE_SIZE = 12;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { allowed } = await requireAdminPage(request, context);
  const headers = { "Cache-Control": "private, no-store" };
  if (!allowed) return data({ allowed: false as const, result: null as Page<CatalogueProduct> | null, search: "" }, { status: 403, headers });
  const url = new URL(request.url);
  const search = (url.searchParams.get("search") ?? "").slice(0, 100);
  const result = await loadProductPage(context, { page: pageParam(url), limit: PAGE_SIZE, search });
  return data({ allowed: true as const, result, search }, { headers });
}

export default function AdminProducts() {
  const { allowed, result, search } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  if (!allowed || !result) return <PermissionDenied />;
  const pageHref = (page: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(page));
    return `?${next}`;
  };
  return (
    <section aria-labelledby="product-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3 bg-white py-2 shadow-sm">
        <h1 id="product-title" className="text-lg font-semibold">
          Product
        </h1>
        {/* A GET form: Enter searches without JavaScript; with it, typing searches after 300 ms. The page resets to 1. */}
        <Form method="get" role="search" className="w-full max-w-sm">
          <input
            type="search"
            name="search"
            defaultValue={search}
            placeholder="Search product here ..."
            aria-label="Search product here ..."
            className="h-10 w-full rounded border border-neutral-300 bg-blue-50/40 px-3"
            onChange={(e) => {
              const form = e.currentTarget.form;
              clearTimeout(timer.current);
              timer.current = setTimeout(() => form && submit(form, { replace: true }), 300);
            }}
          />
        </Form>
      </div>
      <ul aria-label="Products" className="grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-6">
        {result.items.map((p) => (
          <li key={p.id} className="rounded-lg bg-white p-2 text-sm shadow-sm ring-1 ring-neutral-200">
            <img src={p.images[0]} alt="" width={96} height={96} loading="lazy" className="mx-auto h-24 w-24 object-scale-down" />
            <p className="line-clamp-2 font-medium">{p.name}</p>
            <p className="text-neutral-500">{p.unit}</p>
          </li>
        ))}
      </ul>
      {result.items.length ? null : <p className="py-6 text-center">No Data found</p>}
      <nav aria-label="Pages" className="flex items-center justify-between">
        {result.page > 1 ? <Link to={pageHref(result.page - 1)}>Previous</Link> : <span className="text-neutral-400">Previous</span>}
        <span>
          {result.page}/{result.totalPages}
        </span>
        {result.page < result.totalPages ? <Link to={pageHref(result.page + 1)}>Next</Link> : <span className="text-neutral-400">Next</span>}
      </nav>
    </section>
  );
}

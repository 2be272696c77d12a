import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PermissionDenied } from "~/components/PermissionDenied";
import { requireAdminPage } from "~/utils/auth.server";
import { categoriesStatement, type CategoryRef } from "~/utils/catalogue.server";
import { getD1 } from "~/utils/db.server";

export const meta: MetaFunction = () => [{ title: "Category | FreshDash" }];

/** ADMIN only: others get the permission message and no data. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { allowed } = await requireAdminPage(request, context);
  const headers = { "Cache-Control": "private, no-store" };
  if (!allowed) return data({ allowed: false as const, categories: [] as CategoryRef[] }, { status: 403, headers });
  const { results } = await categoriesStatement(getD1(context)).all<CategoryRef>();
  return data({ allowed: true as const, categories: results }, { headers });
}

export default function AdminCategories() {
  const { allowed, categories } = useLoaderData<typeof loader>();
  if (!allowed) return <PermissionDenied />;
  return (
    <section aria-labelledby="category-title" className="grid gap-4">
      <h1 id="category-title" className="bg-white py-2 text-lg font-semibold shadow-sm">
        Category
      </h1>
      {categories.length ? (
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-6">
          {categories.map((c) => (
            <li key={c.id} className="rounded-lg bg-white p-2 text-center text-sm shadow-sm ring-1 ring-neutral-200">
              <img src={c.image} alt="" width={120} height={120} loading="lazy" className="mx-auto h-28 w-28 object-scale-down" />
              <p className="mt-1 font-medium">{c.name}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="py-10 text-center text-neutral-600">No categories yet.</p>
      )}
    </section>
  );
}

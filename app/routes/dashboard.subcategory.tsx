import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PermissionDenied } from "~/components/PermissionDenied";
import { requireAdminPage } from "~/utils/auth.server";
import { subCategoriesStatement, toSubCategory, type SubCategoryWithParents } from "~/utils/catalogue.server";
import { getD1 } from "~/utils/db.server";

export const meta: MetaFunction = () => [{ title: "Sub Category | FreshDash" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { allowed } = await requireAdminPage(request, context);
  const headers = { "Cache-Control": "private, no-store" };
  if (!allowed) return data({ allowed: false as const, subCategories: [] as SubCategoryWithParents[] }, { status: 403, headers });
  const { results } = await subCategoriesStatement(getD1(context)).all<Parameters<typeof toSubCategory>[0]>();
  return data({ allowed: true as const, subCategories: results.map(toSubCategory) }, { headers });
}

export default function AdminSubCategories() {
  const { allowed, subCategories } = useLoaderData<typeof loader>();
  if (!allowed) return <PermissionDenied />;
  return (
    <section aria-labelledby="subcategory-title" className="grid gap-4">
      <h1 id="subcategory-title" className="bg-white py-2 text-lg font-semibold shadow-sm">
        Sub Category
      </h1>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="bg-neutral-900 text-white">
            <tr>
              <th className="p-2">Sr.No</th>
              <th className="p-2">Name</th>
              <th className="p-2">Image</th>
              <th className="p-2">Category</th>
            </tr>
          </thead>
          <tbody>
            {subCategories.map((s, i) => (
              <tr key={s.id} className="border-b border-neutral-200">
                <td className="p-2">{i + 1}</td>
                <td className="p-2">{s.name}</td>
                <td className="p-2">
                  <a href={s.image} aria-label={`Open ${s.name} image`}>
                    <img src={s.image} alt="" width={40} height={40} loading="lazy" className="h-10 w-10 object-scale-down" />
                  </a>
                </td>
                <td className="p-2">
                  <ul className="flex flex-wrap gap-1">
                    {s.categories.map((c) => (
                      <li key={c.id} className="rounded bg-neutral-100 px-2 py-0.5 text-xs">
                        {c.name}
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

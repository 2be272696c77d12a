import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { asc } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";

export async function loader({ context }: LoaderFunctionArgs) {
  const db = getDb(context);
  const categories = await db
    .select({ id: schema.categories.id, name: schema.categories.name, image: schema.categories.image })
    .from(schema.categories)
    .orderBy(asc(schema.categories.name));
  return { categories };
}

export default function Home() {
  const { categories } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1 className="sr-only">Groceries delivered in 10 minutes</h1>
      <ul className="grid grid-cols-4 gap-3 md:grid-cols-8 lg:grid-cols-10">
        {categories.map((c) => (
          <li key={c.id}>
            <Link to="/" className="block text-center text-xs font-medium">
              <img src={c.image} alt="" width={96} height={96} className="mx-auto rounded-lg bg-sky-50" />
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

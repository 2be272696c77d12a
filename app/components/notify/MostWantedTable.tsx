import { Link } from "@remix-run/react";
import { productPath } from "~/lib/slugs";

export interface MostWantedItem {
  productId: string;
  name: string;
  unit: string;
  waiting: number;
  stock: number;
}

/** Products shoppers wait for at a store (open "Notify me" requests), most wanted first. */
export function MostWantedTable({ rows }: { rows: MostWantedItem[] }) {
  return (
    <section aria-labelledby="most-wanted-title" className="grid gap-2">
      <h2 id="most-wanted-title" className="font-semibold">
        Most wanted: shoppers waiting for a restock
      </h2>
      {rows.length ? (
        <table className="w-full text-left text-sm">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Waiting</th>
              <th scope="col">Stock here</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.productId} className="border-t border-neutral-200">
                <td>
                  <Link to={productPath({ id: row.productId, name: row.name })} className="underline">
                    {row.name}
                  </Link>{" "}
                  ({row.unit})
                </td>
                <td>{row.waiting}</td>
                <td>{row.stock}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-sm text-neutral-600">Nobody is waiting for a product here.</p>
      )}
    </section>
  );
}

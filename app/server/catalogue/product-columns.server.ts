/**
 * Column expressions every product read shares (catalogue, cart, orders, suggestions), written once
 * against the schema so a renamed column breaks the typecheck here rather than at run time.
 */
import { getTableName, sql } from "drizzle-orm";
import { productImages, products } from "~/db/schema";

/**
 * The outer `products.id`, always table-qualified: in a single-table select Drizzle drops the table
 * name from columns inside `sql` fragments, which in a correlated subquery could bind the inner table.
 */
const outerProductId = sql`${sql.identifier(getTableName(products))}.${sql.identifier(products.id.name)}`;

/**
 * The product's first image URL, or '' when it has none. A correlated subquery on the outer
 * `products` row: use it in a select whose `from` (or join) is `products`, not an alias.
 */
export const firstImageUrl = sql<string>`coalesce((select ${productImages.url} from ${productImages}
  where ${productImages.productId} = ${outerProductId} order by ${productImages.position} limit 1), '')`;

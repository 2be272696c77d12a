/**
 * Column expressions every product read shares (catalogue, cart, orders, suggestions), written once
 * against the schema so a renamed column breaks the typecheck here rather than at run time.
 */
import { sql } from "drizzle-orm";
import { productImages, products } from "~/db/schema";

/**
 * The product's first image URL, or '' when it has none. A correlated subquery on the outer
 * `products` row: use it in a select whose `from` (or join) is `products`, not an alias.
 */
export const firstImageUrl = sql<string>`coalesce((select ${productImages.url} from ${productImages}
  where ${productImages.productId} = ${products.id} order by ${productImages.position} limit 1), '')`;

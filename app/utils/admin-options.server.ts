import type { AppLoadContext } from "@remix-run/cloudflare";
import { loadCategoryTree } from "./catalogue.server";

/** Category and sub-category choices for the product form (sorted by name). */
export async function productFormOptions(context: AppLoadContext) {
  const { categories, subCategories } = await loadCategoryTree(context);
  return {
    categories: categories.map(({ id, name }) => ({ id, name })),
    subCategories: subCategories.map(({ id, name }) => ({ id, name })),
  };
}

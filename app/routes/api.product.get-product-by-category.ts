import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { productsByCategorySchema } from "~/lib/schemas/catalogue";
import { apiSuccess, assertMethod, handleApi, methodNotAllowed, readJson } from "~/server/http/api.server";
import { loadProductsByCategory } from "~/server/catalogue/catalogue.server";
import { serializeProduct } from "~/server/catalogue/api-shapes.server";
import { apiStockStore } from "~/server/stores/store-stock.server";

export const loader = () => methodNotAllowed("POST");

const LIMIT = 15;

/** POST /api/product/get-product-by-category {id}: the category's newest products. */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    assertMethod(request, "POST");
    const { id, pincode } = await readJson(request, productsByCategorySchema);
    const products = await loadProductsByCategory(context, id, LIMIT, await apiStockStore(request, context, pincode));
    return apiSuccess(products.map(serializeProduct), { message: "category product list" });
  });

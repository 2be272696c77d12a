import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { productListSchema } from "~/lib/schemas/catalogue";
import { apiSuccess, assertMethod, handleApi, methodNotAllowed, readJson } from "~/server/http/api.server";
import { loadProductPage } from "~/server/catalogue/catalogue.server";
import { serializeProduct } from "~/server/catalogue/api-shapes.server";
import { apiStockStore } from "~/server/stores/store-stock.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/product/get {page, limit (12), search} → data, totalCount, totalNoPage. */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    assertMethod(request, "POST");
    const { page, limit, search, pincode } = await readJson(request, productListSchema);
    const result = await loadProductPage(context, { page, limit, search, store: await apiStockStore(request, context, pincode) });
    return apiSuccess(result.items.map(serializeProduct), {
      extra: { totalCount: result.totalCount, totalNoPage: result.totalPages, page },
    });
  });

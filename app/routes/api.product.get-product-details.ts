import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { productDetailsSchema } from "~/lib/schemas/catalogue";
import { apiError, apiSuccess, assertMethod, handleApi, methodNotAllowed, readJson } from "~/utils/api.server";
import { loadProduct, serializeProduct } from "~/utils/catalogue.server";
import { apiStockStore } from "~/utils/store-stock.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/product/get-product-details {productId}. */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    assertMethod(request, "POST");
    const { productId, pincode } = await readJson(request, productDetailsSchema);
    const product = await loadProduct(context, productId, await apiStockStore(request, context, pincode));
    if (!product) return apiError("Product not found", 404);
    return apiSuccess(serializeProduct(product), { message: "product details" });
  });

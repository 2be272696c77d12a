import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { productDetailsSchema } from "~/lib/schemas/catalogue";
import { apiError, apiSuccess, assertMethod, handleApi, methodNotAllowed, readJson } from "~/server/http/api.server";
import { loadProduct } from "~/server/catalogue/catalogue.server";
import { serializeProduct } from "~/server/catalogue/api-shapes.server";
import { apiStockStore } from "~/server/stores/store-stock.server";

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

import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiSuccess, handleApi, methodNotAllowed } from "~/server/http/api.server";
import { loadCategories } from "~/server/catalogue/catalogue.server";
import { serializeCategory } from "~/server/catalogue/api-shapes.server";

/** GET /api/category/get: every category, sorted by name. */
export const loader = ({ context }: LoaderFunctionArgs) =>
  handleApi(async () => {
    return apiSuccess((await loadCategories(context)).map(serializeCategory));
  });

export const action = () => methodNotAllowed("GET");

import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiSuccess, handleApi, methodNotAllowed } from "~/utils/api.server";
import { loadCategories, serializeCategory } from "~/utils/catalogue.server";

/** GET /api/category/get: every category, sorted by name. */
export const loader = ({ context }: LoaderFunctionArgs) =>
  handleApi(async () => {
    return apiSuccess((await loadCategories(context)).map(serializeCategory));
  });

export const action = () => methodNotAllowed("GET");

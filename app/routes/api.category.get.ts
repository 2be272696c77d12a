import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiSuccess, handleApi, methodNotAllowed } from "~/utils/api.server";
import { categoriesStatement, serializeCategory, type CategoryRef } from "~/utils/catalogue.server";
import { getD1 } from "~/utils/db.server";

/** GET /api/category/get: every category, sorted by name. */
export const loader = ({ context }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const { results } = await categoriesStatement(getD1(context)).all<CategoryRef>();
    return apiSuccess(results.map(serializeCategory));
  });

export const action = () => methodNotAllowed("GET");

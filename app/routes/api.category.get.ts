import { apiLoader } from "~/server/api/api-route.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { loadCategories } from "~/server/catalogue/catalogue.server";
import { serializeCategory } from "~/server/catalogue/api-shapes.server";

/** GET /api/category/get: every category, sorted by name. */
export const loader = apiLoader({ auth: "anyone" }, async ({ context }) => apiSuccess((await loadCategories(context)).map(serializeCategory)));

export const action = () => methodNotAllowed("GET");

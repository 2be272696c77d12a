import { apiAction } from "~/server/api/api-route.server";
import { apiProductSchema } from "~/lib/schemas/admin";
import { createProduct } from "~/server/catalogue/admin-catalogue.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/product/create: the product form as JSON (more_details is a map) (ADMIN only: guests 401, others 403). */
export const action = apiAction({ method: "POST", auth: "admin", body: apiProductSchema }, async ({ context, body: input }) => {
  const id = await createProduct(context, input);
  return apiSuccess({ _id: id }, { message: "Product created successfully", status: 201 });
});

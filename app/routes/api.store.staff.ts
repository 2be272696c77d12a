import type { AppLoadContext } from "@remix-run/cloudflare";
import { staffSchema } from "~/lib/schemas/store-ops";
import { apiAction } from "~/server/api/api-route.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { addStaff, listStaff, removeStaff } from "~/server/operations/staff.server";

export const loader = () => methodNotAllowed("POST, DELETE");

const staffOf = async (context: AppLoadContext, storeId: string) =>
  (await listStaff(context, storeId)).map((s) => ({ _id: s.userId, name: s.name, email: s.email, role: s.role, since: new Date(s.since).toISOString() }));

/**
 * POST /api/store/staff { storeId, email, role? } (ADMIN): the account becomes staff of that store as
 * `role` (picker, rider or manager; a picker when absent), or one already there changes role.
 * DELETE /api/store/staff { storeId, email } (ADMIN): it is no longer. Both answer the store's staff.
 */
export const action = apiAction({ method: ["POST", "DELETE"], auth: "admin", body: staffSchema }, async ({ request, context, user, body }) => {
  const { message } =
    request.method === "DELETE" ? await removeStaff(context, { storeId: body.storeId, email: body.email }) : await addStaff(context, { ...body, by: user.id });
  return apiSuccess(await staffOf(context, body.storeId), { message });
});

import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { staffSchema } from "~/lib/schemas/store-ops";
import { apiAction } from "~/server/http/api-route.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { addStaff, listStaff, removeStaff } from "~/server/operations/staff.server";

export const loader = () => methodNotAllowed("POST, DELETE");

const staffOf = async (context: ActionFunctionArgs["context"], storeId: string) =>
  (await listStaff(context, storeId)).map((s) => ({ _id: s.userId, name: s.name, email: s.email, since: new Date(s.since).toISOString() }));

/** POST /api/store/staff { storeId, email } (ADMIN): the account becomes staff of that store; answers the store's staff. */
const add = apiAction({ method: "POST", auth: "admin", body: staffSchema }, async ({ context, user, body }) => {
  const { message } = await addStaff(context, { ...body, by: user.id });
  return apiSuccess(await staffOf(context, body.storeId), { message });
});

/** DELETE /api/store/staff { storeId, email } (ADMIN): the account is no longer staff of that store. */
const remove = apiAction({ method: "DELETE", auth: "admin", body: staffSchema }, async ({ context, body }) => {
  const { message } = await removeStaff(context, body);
  return apiSuccess(await staffOf(context, body.storeId), { message });
});

export const action = (args: ActionFunctionArgs) => (args.request.method === "DELETE" ? remove(args) : add(args));

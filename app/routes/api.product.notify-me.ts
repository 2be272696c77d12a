import { apiAction, apiLoader } from "~/server/api/api-route.server";
import { publicOriginOf } from "~/server/platform/env.server";
import { apiSuccess, readJson } from "~/server/http/api.server";
import { notifyCancelSchema, notifyMeSchema } from "~/lib/schemas/notify";
import { Refusal } from "~/lib/refusal";
import { getApiUser } from "~/server/identity/auth.server";
import { limitByIp } from "~/server/platform/rate-limit.server";
import { cancelRequest, listRequests, subscribe, type NotifyRequestRow } from "~/server/notify/requests.server";
import { apiStockStore } from "~/server/stores/store-stock.server";

const serialize = (row: NotifyRequestRow) => ({
  _id: row.id,
  status: row.status,
  createdAt: new Date(row.createdAt).toISOString(),
  closedAt: row.closedAt ? new Date(row.closedAt).toISOString() : null,
  product: { _id: row.productId, name: row.productName, unit: row.unit, image: row.image ? [row.image] : [] },
  store: { _id: row.storeId, name: row.storeName },
});

/** GET /api/product/notify-me: the caller's requests (open first, then the last 20 closed). */
export const loader = apiLoader({ auth: "user" }, async ({ context, user }) => {
  const { open, closed } = await listRequests(context, { userId: user.id, email: user.email });
  return apiSuccess([...open, ...closed].map(serialize), { message: "Your notify-me requests" });
});

/**
 * POST `{ productId, pincode?, email? }`: "Notify me" for the product at the caller's store (the
 * pincode's, else the location cookie's, else the default store); a signed-in caller needs no
 * email, a guest gives one (and gets 202, whatever was there before). DELETE `{ id }`: cancel one's
 * own open request, signed in (a guest cancels by the link in the mail).
 */
export const action = apiAction({ method: ["POST", "DELETE"], auth: "anyone" }, async ({ request, context }) => {
  const user = await getApiUser(request, context);
  if (request.method === "DELETE") {
    const { id } = await readJson(request, notifyCancelSchema);
    await cancelRequest(context, id, user ? { userId: user.id, email: user.email } : null);
    return apiSuccess({ _id: id, status: "cancelled" }, { message: "Request cancelled" });
  }
  const body = await readJson(request, notifyMeSchema);
  if (!user && !body.email) throw new Refusal("Sign in, or give the email to tell", 400, { fields: { email: ["Enter your email"] } });
  if (!user) await limitByIp(context.cloudflare.env.PUBLIC_FORM_LIMITER, request, "notify-me");
  const store = await apiStockStore(request, context, body.pincode);
  const who = user ? { userId: user.id, email: user.email } : { userId: null, email: body.email! };
  const done = await subscribe(context, { productId: body.productId, store, who, origin: publicOriginOf(context.cloudflare.env, request) });
  const answer = { status: "open", product: { _id: body.productId, name: done.productName }, store: { name: done.storeName } };
  // A guest gets the same answer whether or not the email already waits, and never an id: a
  // request is cancelled by its owner signed in, or by the signed link in the mail (decision 046).
  if (!user) return apiSuccess(answer, { message: `We'll email ${done.email} when it's back at ${done.storeName}`, status: 202 });
  return apiSuccess({ _id: done.id, ...answer }, { message: `We'll tell you when it's back at ${done.storeName}`, status: done.created ? 201 : 200 });
});

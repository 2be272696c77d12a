import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CartContents } from "~/components/cart/CartContents";
import { Refusal } from "~/lib/refusal";
import { cartActionSchema } from "~/lib/schemas/cart";
import { answered, attempt, pageAction, refused } from "~/server/http/page-actions.server";
import { addOne, cartOwnerFor, commitGuestCart, removeLine, removeOne } from "~/server/cart/cart.server";
import { getSessionUser, getVisitorCart } from "~/server/identity/visitor.server";
import { redirectWithToast, safeRedirect } from "~/server/http/toast.server";
import { usePendingCart } from "~/lib/hooks/use-cart";
import { readFormData } from "~/server/http/form-data.server";
import type { LocationPromptHandle } from "~/components/stores/LocationPrompt";
import { pageStockStore } from "~/server/stores/store-stock.server";
import { billWithChoices } from "~/server/coupons/bill-choices.server";
import { CouponBox } from "~/components/cart/CouponBox";
import { TipChoice } from "~/components/cart/TipChoice";
import { similarCards, similarQueries } from "~/server/catalogue/catalogue.server";
import { SimilarItems } from "~/components/notify/SimilarItems";

/** Sold-out lines shown with similar items (the first few). */
const SOLD_OUT_WITH_SIMILAR = 3;

export const meta: MetaFunction = () => [{ title: "Cart | FreshDash" }];

/** Shows stock: asks for a delivery pincode until one is chosen (decision 020). */
export const handle: LocationPromptHandle = { locationPrompt: true };

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Round trip 1 (shared with the root loader): the visitor with their cart, or a guest's cookie cart.
  const { user, cart } = await getVisitorCart(request, context);
  const store = await pageStockStore(request, context);
  // Sold-out lines get similar items in stock at the store (decision 032).
  const soldOut = cart.lines.filter((line) => line.stock <= 0).slice(0, SOLD_OUT_WITH_SIMILAR);
  // Round trip 2: the shopper's coupon judged against this cart (decision 030), the live offers, and the similar items.
  // The tip is chosen here too, before "Proceed", so the total shown is the one checkout asks for.
  const { bill, coupon, tip, also } = await billWithChoices(
    request,
    context,
    { userId: user?.id ?? null, lines: cart.lines, store, withTip: true },
    similarQueries(
      context,
      soldOut.map((line) => line.productId),
      store,
    ),
  );
  const similar = similarCards(also);
  return data({
    cart: { ...cart, bill },
    coupon,
    tip,
    insteadOf: soldOut.map((line, i) => ({ productId: line.productId, name: line.name, similar: similar[i] ?? [] })),
  });
}

/**
 * The one cart action: `intent` = add | increment | decrement | remove. Without JavaScript it
 * answers 303 back to where the shopper was, with the message as a flash; fetchers (which send
 * js=1) get the result as data and show it as a toast.
 */
export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readFormData(request);
  const fromFetcher = form.get("js") === "1";
  const back = safeRedirect(form.get("redirectTo"), "/cart");
  const parsed = cartActionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Invalid cart request";
    return fromFetcher ? refused(new Refusal(message, 400)) : redirectWithToast(context, back, { type: "error", text: message });
  }
  const { intent, productId } = parsed.data;
  const user = await getSessionUser(request, context);
  const owner = await cartOwnerFor(request, context, user);
  const change = await attempt(async () =>
    intent === "add" || intent === "increment"
      ? addOne(context, owner, productId, await pageStockStore(request, context))
      : intent === "decrement"
        ? removeOne(context, owner, productId)
        : removeLine(context, owner, productId),
  );
  if (!change.ok) {
    return fromFetcher ? refused(change.error) : redirectWithToast(context, back, { type: "error", text: change.error.message });
  }

  const { message, quantity, guest } = change.value;
  const headers = new Headers();
  if ("guest" in owner && guest) headers.append("Set-Cookie", await commitGuestCart(context, guest));
  if (fromFetcher) return answered({ message, quantity }, { headers });
  return redirectWithToast(context, back, { type: "success", text: message }, { headers });
});

export default function CartPage() {
  const { cart, coupon, tip, insteadOf } = useLoaderData<typeof loader>();
  const shown = usePendingCart(cart);
  return (
    <div className="mx-auto max-w-xl">
      <h1 className="mb-4 text-xl font-bold">Cart</h1>
      <div className="grid gap-3 rounded-xl bg-neutral-100 p-3">
        <CartContents
          cart={shown}
          couponCode={coupon.code}
          choices={
            <>
              <CouponBox {...coupon} redirectTo="/cart" />
              <TipChoice tip={tip} redirectTo="/cart" />
            </>
          }
        />
      </div>
      {insteadOf.map((line) => (
        <div key={line.productId} className="mt-4">
          <SimilarItems products={line.similar} title={`Instead of ${line.name}`} />
        </div>
      ))}
    </div>
  );
}

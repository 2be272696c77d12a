import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { OrderCard } from "~/components/orders/OrderCard";
import { listOrders } from "~/server/orders/read-orders.server";
import { requireUser } from "~/server/identity/auth.server";

export const meta: MetaFunction = () => [{ title: "My Orders | FreshDash" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const orders = await listOrders(context, user.id);
  return data({ orders, serverNow: Date.now() });
}

export default function MyOrders() {
  const { orders, serverNow } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="orders-title" className="grid gap-4">
      <h1 id="orders-title" className="bg-white py-2 text-lg font-semibold shadow-sm">
        Order
      </h1>
      {orders.length ? (
        <ul className="grid gap-3">
          {orders.map((order) => (
            <OrderCard key={order.id} order={order} serverNow={serverNow} />
          ))}
        </ul>
      ) : (
        <div className="py-10 text-center">
          <p className="font-medium">No orders yet</p>
          <Link to="/" className="mt-3 inline-block text-brand underline">
            Start shopping
          </Link>
        </div>
      )}
    </section>
  );
}

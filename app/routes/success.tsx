import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "Success | FreshDash" }];

/** '{text} Successfully': text is Order (cash) or Payment (online, the default); nothing else is echoed. */
export function loader({ request }: LoaderFunctionArgs) {
  const text = new URL(request.url).searchParams.get("text") === "Order" ? "Order" : "Payment";
  return { text };
}

export default function Success() {
  const { text } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-5 rounded-lg bg-green-100 p-6 text-center">
      <h1 className="text-lg font-bold text-green-800">{text} Successfully</h1>
      {text === "Payment" ? <p className="text-sm text-green-900">Your order is confirmed as soon as the payment provider tells us it went through.</p> : null}
      <div className="flex gap-3">
        <Link to="/dashboard/myorders" className="rounded border border-green-900 px-4 py-1 text-green-900 hover:bg-green-900 hover:text-white">
          My Orders
        </Link>
        <Link to="/" className="rounded border border-green-900 px-4 py-1 text-green-900 hover:bg-green-900 hover:text-white">
          Go To Home
        </Link>
      </div>
    </section>
  );
}

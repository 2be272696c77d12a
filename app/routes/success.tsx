import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isId } from "~/lib/ids";

/**
 * The old "ordered" page, kept for links made before orders landed on their own page: to the order
 * when its id is given (`?order=<id>`, only an id, so never a way off this site), else to the list.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const order = new URL(request.url).searchParams.get("order");
  return redirect(isId(order) ? `/dashboard/myorders/${order}` : "/dashboard/myorders");
}

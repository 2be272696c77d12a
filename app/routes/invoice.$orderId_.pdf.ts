import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { attempt } from "~/server/http/page-actions.server";
import { invoicePdf } from "~/server/orders/invoice.server";
import { pageInvoice } from "~/server/orders/invoice-page.server";

/** The tax invoice as a PDF, for the page's "Download invoice" link: the same readers as the printable page (decision 031). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { invoice } = await pageInvoice(request, context, params.orderId);
  const result = await attempt(() => invoicePdf(context, invoice));
  if (!result.ok) throw new Response(result.error.message, { status: result.error.status });
  return result.value;
}

import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { pageLoader } from "~/server/http/page-actions.server";
import { invoicePdf } from "~/server/orders/invoice.server";
import { pageInvoice } from "~/server/orders/invoice-page.server";

/** The tax invoice as a PDF, for the page's "Download invoice" link: the same readers as the printable page (decision 031). */
export const loader = pageLoader(async ({ request, context, params }: LoaderFunctionArgs) => {
  const { invoice } = await pageInvoice(request, context, params.orderId);
  return invoicePdf(context, invoice);
});

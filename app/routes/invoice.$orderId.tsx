import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { InvoiceSheet } from "~/components/invoice/InvoiceSheet";
import { pageLoader } from "~/server/http/page-actions.server";
import { pageInvoice } from "~/server/orders/invoice-page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.invoice.title} ${data.invoice.number} | FreshDash` : "Invoice | FreshDash" },
  { name: "robots", content: "noindex" },
];

/** The printable tax invoice (decision 031): the order's shopper, admins and the serving store's staff; 404 for anyone else. */
export const loader = pageLoader(async ({ request, context, params }: LoaderFunctionArgs) => {
  const { invoice, backHref } = await pageInvoice(request, context, params.orderId);
  return data({ invoice, backHref, pdfHref: `/invoice/${params.orderId}/pdf` }, { headers: { "Cache-Control": "private, no-store" } });
});

export default function InvoicePage() {
  const { invoice, backHref, pdfHref } = useLoaderData<typeof loader>();
  return <InvoiceSheet invoice={invoice} pdfHref={pdfHref} backHref={backHref} />;
}

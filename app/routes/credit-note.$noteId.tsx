import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { InvoiceSheet } from "~/components/invoice/InvoiceSheet";
import { pageLoader } from "~/server/http/page-actions.server";
import { pageCreditNote } from "~/server/orders/credit-note-page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.creditNote.title} ${data.creditNote.number} | FreshDash` : "Credit note | FreshDash" },
  { name: "robots", content: "noindex" },
];

/** The printable GST credit note (decision 044): the invoice's readers; 404 for anyone else. */
export const loader = pageLoader(async ({ request, context, params }: LoaderFunctionArgs) => {
  const { creditNote, backHref } = await pageCreditNote(request, context, params.noteId);
  return data({ creditNote, backHref, pdfHref: `/credit-note/${params.noteId}/pdf` }, { headers: { "Cache-Control": "private, no-store" } });
});

export default function CreditNotePage() {
  const { creditNote, backHref, pdfHref } = useLoaderData<typeof loader>();
  return <InvoiceSheet invoice={creditNote} pdfHref={pdfHref} backHref={backHref} />;
}

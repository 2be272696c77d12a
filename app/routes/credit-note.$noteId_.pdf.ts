import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { pageLoader } from "~/server/http/page-actions.server";
import { pageCreditNote } from "~/server/orders/credit-note-page.server";
import { creditNotePdf } from "~/server/orders/credit-notes.server";

/** The credit note as a PDF, for the page's "Download" links: the same readers as the printable page (decision 044). */
export const loader = pageLoader(async ({ request, context, params }: LoaderFunctionArgs) => {
  const { creditNote } = await pageCreditNote(request, context, params.noteId);
  return creditNotePdf(context, creditNote);
});

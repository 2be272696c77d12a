import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { readFormData } from "~/server/http/form-data.server";
import { destroySession } from "~/server/identity/session.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { pageAction } from "~/server/http/page-actions.server";

/** Logging out changes state, so it is a POST form; a GET just goes home. */
export function loader() {
  return redirect("/");
}

export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  await readFormData(request); // a browser's form POST, nothing else (405/415 otherwise)
  const headers = new Headers({ "Set-Cookie": await destroySession(request, context) });
  return redirectWithToast(context, "/", { type: "success", text: "Logout successfully" }, { headers });
});

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useNavigate } from "@remix-run/react";
import { AccountMenu } from "~/components/layout/AccountMenu";
import { useAccount } from "~/lib/hooks/use-account";
import { requireUser } from "~/server/identity/auth.server";

export const meta: MetaFunction = () => [{ title: "My Account | FreshDash" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

/** The mobile account page: the same menu, with a close control that goes back. */
export default function UserMenuPage() {
  const account = useAccount();
  const navigate = useNavigate();
  return (
    <section className="mx-auto max-w-sm rounded-lg bg-white p-4 shadow-sm ring-1 ring-neutral-200">
      <div className="mb-2 flex justify-end">
        <a
          href="/"
          onClick={(e) => {
            if (window.history.length > 1) {
              e.preventDefault();
              navigate(-1);
            }
          }}
          aria-label="Close"
          className="rounded px-2 text-2xl leading-none hover:bg-neutral-100"
        >
          ×
        </a>
      </div>
      {account ? <AccountMenu account={account} titleIsPageHeading /> : null}
    </section>
  );
}

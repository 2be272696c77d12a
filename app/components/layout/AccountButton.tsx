import { Link } from "@remix-run/react";
import { useAccount } from "~/lib/hooks/use-account";
import { AccountMenu } from "./AccountMenu";

function PersonIcon() {
  return (
    <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
    </svg>
  );
}

/**
 * Desktop: 'Login', or an 'Account' dropdown (a <details>, so it opens without JavaScript).
 * Mobile: an icon linking to /login for guests and to /user when signed in.
 */
export function AccountButton() {
  const account = useAccount();
  return (
    <>
      <Link
        to={account ? "/user" : "/login"}
        aria-label={account ? "Account menu" : "Login"}
        className="flex h-11 w-11 items-center justify-center text-neutral-700 md:hidden"
      >
        <PersonIcon />
      </Link>
      {account ? (
        <details className="relative hidden md:block">
          <summary className="flex cursor-pointer list-none items-center gap-1 rounded px-3 py-2 font-medium text-neutral-700 hover:text-brand">
            Account <span aria-hidden="true">▾</span>
          </summary>
          <div className="absolute right-0 top-12 z-50 w-56 rounded-lg bg-white p-4 shadow-lg ring-1 ring-neutral-200">
            <AccountMenu account={account} />
          </div>
        </details>
      ) : (
        <Link to="/login" className="hidden rounded px-3 py-2 text-base font-medium text-neutral-700 hover:text-brand md:block">
          Login
        </Link>
      )}
    </>
  );
}

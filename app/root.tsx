import { data, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { CartController } from "~/components/cart/CartController";
import { Footer } from "~/components/layout/Footer";
import { Header } from "~/components/layout/Header";
import { LocationPrompt } from "~/components/stores/LocationPrompt";
import { LinkController } from "~/components/catalogue/LinkController";
import { ServerFlashes } from "~/components/layout/ServerFlashes";
import { ToastProvider } from "~/components/layout/Toaster";
import stylesheet from "~/styles.css?url";
import { MobileCartBar } from "~/components/layout/MobileCartBar";
import { useNonce } from "~/lib/nonce";
import { commitGuestCart, GUEST_ITEM_GONE } from "~/server/cart/cart.server";
import { readLocation } from "~/server/stores/stores.server";
import { dropShownNotices, getVisitorCart } from "~/server/identity/visitor.server";
import { getToast } from "~/server/http/toast.server";
import { readBillChoices } from "~/server/coupons/bill-choices.server";
import { StaffHeader, useStaffPage } from "~/components/operations/StaffHeader";

/**
 * Who is here and what is in their cart, for the header. A guest with an empty cookie cart costs no
 * D1 round trip; a signed-in shopper one batch (user + cart + notices), and a guest's cookie cart its
 * products, both in the request's shared batch and memoised for the page's own loader.
 */
async function loadVisitor(request: Request, context: LoaderFunctionArgs["context"]) {
  const { visitor, cart, guest } = await getVisitorCart(request, context);
  if (visitor) {
    dropShownNotices(context, visitor.notices);
    return { user: visitor.user, cart, notices: visitor.notices.map((n) => n.message), setCookie: null };
  }
  // Guests: lines whose product was deleted drop out of the cookie, with a note.
  const lines = guest ?? [];
  const gone = lines.length > cart.lines.length;
  const kept = gone ? lines.filter(([id]) => cart.lines.some((l) => l.productId === id)) : lines;
  return { user: null, cart, notices: gone ? [GUEST_ITEM_GONE] : [], setCookie: gone ? await commitGuestCart(context, kept) : null };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [{ toast, headers }, { user, cart, notices, setCookie }, location, choices] = await Promise.all([
    getToast(context, request),
    loadVisitor(request, context),
    // The chosen delivery location comes from its signed cookie: no D1 round trip (decision 020).
    readLocation(request, context),
    // The applied coupon's code, from its signed cookie (no D1): the header shows a total only where
    // the code's discount is known (the page's bill, or the panel's fetch of /cart's).
    readBillChoices(request, context),
  ]);
  const account = user
    ? { name: user.name, mobile: user.mobile, role: user.role, avatar: user.avatar, staffStoreId: user.staffStoreId, staffRole: user.staffRole }
    : null;
  const responseHeaders = new Headers(headers ?? undefined);
  if (setCookie) responseHeaders.append("Set-Cookie", setCookie);
  const flashes = [...(toast ? [toast] : []), ...notices.map((text, i) => ({ type: "message" as const, text, id: `notice-${i}-${text}` }))];
  const couponCode = cart.lines.length ? choices.code : null;
  return data({ flashes, cart, couponCode, user: account, location }, { headers: responseHeaders });
}

/**
 * Only a refusal's `Allow` (a 405 thrown by `readFormData`) reaches the error page's headers; routes
 * without their own `headers` inherit nothing else from here. Cache-Control is decided for every
 * response in one place (`cacheHeaders`, http-cache.server.ts).
 */
export const headers: HeadersFunction = ({ errorHeaders }) => {
  const headers = new Headers();
  const allow = errorHeaders?.get("Allow");
  if (allow) headers.set("Allow", allow);
  return headers;
};

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.ico", sizes: "any" },
  // The installable app (decision 036): its manifest and the home-screen icon iOS reads instead.
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export const meta: MetaFunction = () => [
  { title: "FreshDash — groceries delivered in 10 minutes" },
  {
    name: "description",
    content: "Order milk, bread, fruits, vegetables, snacks and more online and get them delivered in about 10 minutes.",
  },
];

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const flashes = rootData?.flashes ?? [];
  const nonce = useNonce();
  // Store pages (their route's handle says so) get the compact staff header and no shopper cart bar.
  const staffPage = useStaffPage();
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b7d1d" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <ToastProvider>
          <CartController>
            {staffPage ? <StaffHeader store={staffPage} /> : <Header />}
            <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-3 py-4 sm:px-4">
              <ServerFlashes flashes={flashes} />
              <LocationPrompt />
              {children}
            </main>
            {staffPage ? null : <MobileCartBar />}
            <Footer />
          </CartController>
          <LinkController />
        </ToastProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Never shows a stack trace: the status and a plain message only. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error)
    ? typeof error.data === "string" && error.data
      ? error.data
      : status === 404
        ? "No route matches URL"
        : error.statusText
    : "Something went wrong on our side. Please try again in a moment.";
  return (
    <section className="mx-auto max-w-lg py-16 text-center" aria-labelledby="error-title">
      <h1 id="error-title" className="text-2xl font-bold text-neutral-900">
        Unexpected Application Error!
      </h1>
      <p className="mt-3 text-lg font-semibold text-red-600">
        {status} {status === 404 ? "Not Found" : ""}
      </p>
      <p className="mt-2 text-neutral-600">{message}</p>
      <a href="/" className="mt-6 inline-block rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark">
        Go To Home
      </a>
    </section>
  );
}

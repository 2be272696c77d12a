import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of this response (entry.server.tsx makes one per response);
 * `<Scripts>` and `<ScrollRestoration>` put it on Remix's inline scripts. Undefined in the browser,
 * which never needs it: scripts the client adds later are modules loaded from 'self'.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);

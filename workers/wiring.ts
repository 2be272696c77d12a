/**
 * The app modules workers/app.ts runs, reached through the server build: vite.config.ts appends
 * `export * as wiring from` this file to the build, so each module is in the upload once. Imported
 * by workers/app.ts directly, wrangler bundled a second copy of every one of them (and of the
 * modules they import) beside the build's own, and each of them had its module state twice.
 */
export { imageOrigin, withAbsoluteImageUrls } from "../app/server/http/api-images.server";
export { isApiPath, preflightResponse, withCors } from "../app/server/http/cors.server";
export { withEdgeCache } from "../app/server/http/edge-cache.server";
export { withBookmarkCookie } from "../app/server/db/d1-session.server";
export { getSettings, misconfiguredResponse, settingsProblems } from "../app/server/platform/env.server";
export { cacheHeaders } from "../app/server/http/http-cache.server";
export { allowedPageMethods, methodNotAllowedPage, PAGE_METHODS, pageRoutes } from "../app/server/http/page-methods.server";
export { asSentToPublicOrigin, crossOriginRefusal, isCrossOriginWrite } from "../app/server/http/origin-check.server";
export { renewNonce } from "../app/server/http/security.server";
export { withD1ServerTiming } from "../app/server/db/server-timing.server";
export { locationCacheVariant } from "../app/server/stores/stores.server";
export { flaggedRestocks } from "../app/server/stores/stock-writes.server";
export { searchUpkeep } from "../app/server/search/search-upkeep.server";
export { getLoadContext } from "../load-context";
export { handleLive, isLivePath } from "../app/server/live/live-routes.server";
export { consumeNotifyBatch, handOnRestocks, notifyUpkeep } from "../app/server/notify/delivery.server";
export { consumePushBatch } from "../app/server/push/send.server";
export { LiveChannel } from "../app/server/live/live-channel.server";

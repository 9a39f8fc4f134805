// React's Node build, not the edge one workerd would pick: its stream writes each string into one
// buffer (`encodeInto`) where the edge build allocates a Uint8Array per string, a tenth of a
// signed-in page's server time in the profile (decision 079). Workers run it with nodejs_compat.
import { renderToReadableStream } from "react-dom/server.node";
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { userContext } from "~/context";
import { TranslationsProvider } from "~/lib/i18n-lite/react";
import { InlineStylesContext } from "~/lib/inline-styles";
import { getInstance } from "~/middleware/i18next";
import { USER_HEADER } from "~/pwa/protocol";
import { isCrawler } from "~/server/http/crawlers.server";
import { documentInlineStyle } from "~/server/http/inline-styles.server";
import { contentSecurityPolicy, cspNonceContext } from "~/server/http/security-headers.server";

/**
 * How long React Router's turbo-stream waits for a loader's promise before it rejects it and
 * closes (its own timer, `encodeViaTurboStream`). The document waits on nothing else: the only
 * Suspense in a server render is React Router's `<StreamTransfer>` reading that stream, and the
 * app has no `lazy`, `use` or Suspense of its own (entry.server.test.ts keeps it so). So React's
 * render gets no timer of its own (decision 235): a second timer a request that never fired for
 * anything the first would not, ≈ 1.5% of `/newsfeed`'s CPU.
 */
export const streamTimeout = 5_000;

/**
 * React Router answers a document post whose Origin is not ours with 400 before our middleware
 * runs (docs/decisions/031-request-hardening.md): a refused request, not a server error to log.
 * Everything else is logged as React Router would.
 */
const CROSS_SITE_REFUSAL = "does not match `origin` header from a forwarded action request";

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (error instanceof Error && error.message.includes(CROSS_SITE_REFUSAL)) return;
  // A method a route has no handler for (405) or a path it has none for (404) is the caller's
  // mistake, answered as such: not an error of ours to log (the bad-input walk posts to them all).
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(isRouteErrorResponse(error) && "error" in error && error.error ? error.error : error);
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");
  // The CSP nonce of this document (workers/app.ts sets it and sends the matching header):
  // <Scripts>, <ScrollRestoration> and React's own inline scripts all carry it.
  const nonce = loadContext.get(cspNonceContext) ?? undefined;
  // A page without scripts carries the guest stylesheet in its theme (decisions 043, 090); its
  // policy allows exactly that <style> and needs no nonce, so the guest cache can store it.
  const inlineStyle = documentInlineStyle(routerContext);
  if (inlineStyle) {
    responseHeaders.set("Content-Security-Policy", contentSecurityPolicy({ nonce: null, styleHash: inlineStyle.hash }));
  }
  const body = await renderToReadableStream(
    <TranslationsProvider i18n={getInstance(loadContext)}>
      <InlineStylesContext.Provider value={inlineStyle?.css ?? null}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </InlineStylesContext.Provider>
    </TranslationsProvider>,
    {
      nonce,
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the shell rejects and are logged by React Router itself.
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;

  // Crawlers and clients without JavaScript get the whole document at once.
  if (isCrawler(userAgent) || routerContext.isSpaMode) {
    await body.allReady;
  }

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // The other security headers are set for every response in workers/app.ts.
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-cache");
  // Whose page this is: the service worker keeps offline copies per user (decision 131).
  const user = loadContext.get(userContext);
  if (user) responseHeaders.set(USER_HEADER, String(user.id));
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

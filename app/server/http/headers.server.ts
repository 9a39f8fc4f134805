/**
 * Sets headers on a response in place when its headers are mutable (a Response the app built),
 * and on a copy only when they are not (Response.redirect, a fetched response). Copying a response
 * costs a Headers and a Response per layer, which on a cached guest page is a measurable share of
 * the request (decision 043).
 */
export function withHeaders(response: Response, set: (headers: Headers) => void): Response {
  try {
    set(response.headers);
    return response;
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    const copy = new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers: new Headers(response.headers),
      webSocket: response.webSocket,
    });
    set(copy.headers);
    return copy;
  }
}

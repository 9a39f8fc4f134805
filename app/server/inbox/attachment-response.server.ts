/** How an attachment leaves the server, for the page link and the API alike (decision 064). */
export function attachmentResponse(
  file: { filename: string; contentType: string; size: number; body: ReadableStream },
  method: string,
) {
  // An ASCII fallback for old clients, and the exact name as RFC 6266 / 8187 `filename*`.
  const fallback = file.filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%]/g, "_");
  const headers = new Headers({
    "Content-Type": file.contentType,
    "Content-Length": String(file.size),
    // Always a download, never rendered by the browser in our origin, whatever the bytes are.
    "Content-Disposition": `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
  if (method === "HEAD") {
    void file.body.cancel();
    return new Response(null, { headers });
  }
  return new Response(file.body, { headers });
}

/**
 * A request whose body stops being read once it passes `maxBytes` (docs/decisions/
 * 066-post-images.md, 064-inbox-attachments.md): a chunked upload without Content-Length is cut
 * off at the limit, not read whole before the size check.
 * Reading it then fails, and `exceeded()` tells that failure apart from a malformed body.
 */
export function limitRequestBody(request: Request, maxBytes: number) {
  let seen = 0;
  let exceeded = false;
  if (!request.body) return { request, exceeded: () => false };
  const counted = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) {
          exceeded = true;
          // Erroring the transform cancels the source: nothing more is read from the client.
          controller.error(new Error(`request body over ${maxBytes} bytes`));
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
  const limited = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: counted,
    signal: request.signal,
  });
  return { request: limited, exceeded: () => exceeded };
}

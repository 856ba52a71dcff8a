/**
 * The body as form data, read only up to `limit` bytes: pages get the body stream unparsed, and a photo must not
 * be taken into memory whatever its size. Null when it is larger.
 */
export async function readCappedFormData(request: Request, limit: number): Promise<FormData | null> {
  if (Number(request.headers.get('content-length') ?? 0) > limit) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return new Response(new Blob(chunks as BlobPart[]), {
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  }).formData();
}

/** Room for the multipart wrapping around a photo of the largest size and the short text fields. */
export const formOverheadBytes = 64 * 1024;

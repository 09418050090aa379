/**
 * Reads a body (a fetch body or a Node stream) up to `max` bytes; undefined when it is longer.
 * Leaving the loop early cancels the body, so the rest is never downloaded.
 */
export async function readCapped(body: AsyncIterable<Uint8Array>, max: number): Promise<Buffer | undefined> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > max) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

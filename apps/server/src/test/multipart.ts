/** A multipart/form-data body as a browser sends it, for inject(). */
export function multipart(fields: Record<string, string>, file?: { field?: string; name: string; type: string; bytes: Uint8Array }, fileFirst = false) {
  const boundary = `----charla${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  const field = (name: string, value: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const filePart = () =>
    file
      ? [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'document'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
          ),
          Buffer.from(file.bytes),
          Buffer.from('\r\n'),
        ]
      : [];
  if (fileFirst) parts.push(...filePart());
  for (const [k, v] of Object.entries(fields)) parts.push(field(k, v));
  if (!fileFirst) parts.push(...filePart());
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

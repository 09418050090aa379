import type { FastifyRequest } from 'fastify';
import { trainingLimits } from '@charla/shared';
import { AppError } from './errors.ts';

/** Room for the multipart envelope around a file of the largest allowed size. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** A declared size past the file limit is refused before a byte of the body is read. */
export async function refuseDeclaredOversize(req: FastifyRequest): Promise<void> {
  if (Number(req.headers['content-length'] ?? 0) > trainingLimits.fileBytes + MULTIPART_OVERHEAD) throw new AppError('PAYLOAD_TOO_LARGE');
}

export interface Upload {
  filename: string;
  mimetype: string;
  bytes: Buffer;
}

/**
 * Reads a multipart form with one file field. `beforeFile` runs with the fields sent before
 * the file (a well-behaved client sends botId first), so access is checked before a byte of
 * the file is buffered. The size limit of the multipart plugin ends the read with a 413.
 */
export async function readUpload(
  req: FastifyRequest,
  fileField: string,
  beforeFile?: (fields: Record<string, string>) => Promise<void>,
): Promise<{ fields: Record<string, string>; file?: Upload }> {
  if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const fields: Record<string, string> = {};
  let file: Upload | undefined;
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== fileField || file) {
        part.file.resume();
        continue;
      }
      if (beforeFile) await beforeFile(fields);
      file = { filename: part.filename, mimetype: part.mimetype, bytes: await part.toBuffer() };
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  return { fields, file: file && file.bytes.length > 0 ? file : undefined };
}

import { once } from 'node:events';
import { type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Logger } from '@nestjs/common';
import { takeOverResponse } from '../core/http/node-http';

/** What a download is served as. */
export interface Download {
  name: string;
  mimeType: string;
  sizeBytes: number;
}

/**
 * Answers with stored bytes as an attachment of their type. A blob that cannot be read fails
 * before the headers, while the answer can still be an error envelope; one that fails later
 * is logged, as the status is already sent.
 */
export async function sendDownload(
  response: unknown,
  bytes: Readable,
  download: Download,
  logger: Logger,
): Promise<void> {
  await once(bytes, 'readable');
  const raw = takeOverResponse(response);
  raw.writeHead(200, {
    'Content-Type': download.mimeType.startsWith('text/')
      ? `${download.mimeType}; charset=utf-8`
      : download.mimeType,
    'Content-Length': String(download.sizeBytes),
    'Content-Disposition': contentDisposition(download.name),
    'X-Content-Type-Options': 'nosniff',
  });
  try {
    await pipeline(bytes, raw);
  } catch (error) {
    logger.warn({ err: error, download: download.name }, 'Download ended early');
  }
}

/** `attachment` with the name: plain ASCII for old clients, RFC 5987 UTF-8 for the others. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

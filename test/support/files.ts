import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../../src/database/database';
import { DataDirectoryConfig } from '../../src/core/config';
import { DatabaseConfig } from '../../src/database/database.config';
import { type RuntimeUser } from './runtime-client';
import { type TestApp } from './test-app';

/** A real PNG image of `width`×`height` pixels of one colour (signature, IHDR, IDAT, IEND). */
export function pngBytes(width = 2, height = 2, rgb: [number, number, number] = [255, 0, 0]) {
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(width).fill(rgb).flat())]);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, truecolour, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(Array(height).fill(row)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A minimal PDF document (the signature is what matters to the sniffer). */
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

export interface UploadedFile {
  id: string;
  name: string;
  mime_type: string;
  declared_type: string | null;
  size_bytes: number;
  sha256: string;
  created_at: string;
  content_url: string;
}

/** `POST /api/v1/files` as `user`, the bytes in the multipart part `file`. */
export function upload(
  testApp: TestApp,
  user: RuntimeUser,
  bytes: Buffer,
  filename: string,
  contentType?: string,
) {
  return testApp.http
    .post('/api/v1/files')
    .set('Authorization', user.auth)
    .attach('file', bytes, { filename, ...(contentType && { contentType }) });
}

/** Uploads and returns the file, failing the test unless it was stored. */
export async function uploaded(
  testApp: TestApp,
  user: RuntimeUser,
  bytes: Buffer,
  filename: string,
  contentType?: string,
): Promise<UploadedFile> {
  const response = await upload(testApp, user, bytes, filename, contentType);
  if (response.status !== 201) throw new Error(`upload: ${JSON.stringify(response.body)}`);
  return response.body as UploadedFile;
}

/** How many files the database knows, and how many blobs the blob store holds. */
export async function storedCounts(testApp: TestApp): Promise<{ files: number; blobs: number }> {
  const db = testApp.app.get<Database>(DATABASE);
  const config = testApp.app.get(DatabaseConfig);
  const count = async (query: ReturnType<typeof sql>) => {
    // Both drivers answer `{ rows }`; Drizzle's shared type leaves the result untyped.
    const result: unknown = await db.execute(query);
    return Number((result as { rows: { n: string }[] }).rows[0].n);
  };
  const files = await count(sql`SELECT count(*) AS n FROM files`);
  if (config.DATABASE_URL) {
    return { files, blobs: await count(sql`SELECT count(DISTINCT key) AS n FROM blobs`) };
  }
  const entries = await readdir(join(testApp.app.get(DataDirectoryConfig).DATA_DIR, 'blobs')).catch(
    () => [],
  );
  return { files, blobs: entries.length };
}

import { randomUUID } from 'node:crypto';
import { type IncomingMessage } from 'node:http';
import { Readable, Transform, pipeline } from 'node:stream';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { type Principal } from '../api-keys/principal';
import { type Page, type PageQueryDto } from '../core/api/page.dto';
import { BLOB_STORE, type BlobStore } from './blob-store';
import { type ContentKind, ContentSniffer, contentKindOf } from './content-sniffer';
import { type FileDetailDto, type FileDto } from './dto/file.dto';
import { FilesConfig } from './files.config';
import { FileNotFoundError, FileTooLargeError } from './files.errors';
import { type FileRow, FilesRepository } from './files.repository';
import { baseName, receiveUpload } from './multipart-upload';

/** A file named as an attachment of a run, checked to be the caller's. */
export interface AttachmentFile {
  id: string;
  name: string;
  mime_type: string;
  size: number;
  /** What its content can be read as; undefined for anything else (e.g. octet-stream). */
  kind: ContentKind | undefined;
}

/** Users' uploaded files: bytes in the blob store, metadata in the database. */
@Injectable()
export class FilesService {
  private readonly logger = new Logger('Files');

  constructor(
    private readonly files: FilesRepository,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly config: FilesConfig,
  ) {}

  /** Stores the request's `file` part, streamed; its type is sniffed from the bytes. */
  async upload(principal: Principal, request: IncomingMessage): Promise<FileDto> {
    const row = await receiveUpload(request, this.config.FILE_MAX_BYTES, (part) =>
      this.store(principal, part),
    );
    return toFileDto(row);
  }

  /**
   * Stores a file another protocol carried whole (an A2A message's inline bytes) as an upload
   * of the caller's, within the same size limit (FILE_TOO_LARGE); its type is sniffed likewise.
   */
  async storeBytes(
    principal: Principal,
    file: { filename: string; declaredType?: string; bytes: Uint8Array },
  ): Promise<FileDto> {
    if (file.bytes.length > this.config.FILE_MAX_BYTES) {
      throw new FileTooLargeError(this.config.FILE_MAX_BYTES);
    }
    const row = await this.store(principal, {
      filename: baseName(file.filename),
      declaredType: file.declaredType,
      stream: Readable.from([file.bytes]),
    });
    return toFileDto(row);
  }

  async list(principal: Principal, page: PageQueryDto): Promise<Page<FileDto>> {
    const { rows, total } = await this.files.listOwned(principal.user, page);
    return { items: rows.map(toFileDto), total, limit: page.limit, offset: page.offset };
  }

  async get(principal: Principal, id: string): Promise<FileDetailDto> {
    const file = await this.find(principal, id);
    return { ...toFileDto(file), usages: await this.files.listUsages(file.id) };
  }

  /** The file and a stream of its bytes. */
  async content(principal: Principal, id: string): Promise<{ file: FileRow; bytes: Readable }> {
    const file = await this.find(principal, id);
    return { file, bytes: this.blobs.get(file.id) };
  }

  async delete(principal: Principal, id: string): Promise<{ deleted: true; id: string }> {
    const file = await this.find(principal, id);
    await this.files.delete(file.id);
    await this.blobs.delete(file.id);
    return { deleted: true, id: file.id };
  }

  /**
   * The `owner`'s files named by `ids`, in that order, without their bytes; FILE_NOT_FOUND
   * naming every id that is missing or someone else's.
   */
  async findAttachments(owner: string, ids: readonly string[]): Promise<AttachmentFile[]> {
    const rows = new Map((await this.files.findManyOwned(ids, owner)).map((row) => [row.id, row]));
    const missing = ids.filter((id) => !rows.has(id));
    if (missing.length > 0) throw new FileNotFoundError(missing);
    return ids.map((id) => {
      const row = rows.get(id) as FileRow;
      return {
        id: row.id,
        name: row.name,
        mime_type: row.mime_type,
        size: row.size_bytes,
        kind: contentKindOf(row.mime_type),
      };
    });
  }

  /** A file's bytes, whole: for attachments, which the size limit keeps small. */
  async readContent(file: AttachmentFile): Promise<Buffer> {
    return readAll(this.blobs.get(file.id));
  }

  /** Records, without failing anyone, that a run which has ended used the files. */
  recordUsage(fileIds: readonly string[], runId: string): void {
    if (fileIds.length === 0) return;
    this.files.recordUsage(fileIds, runId).catch((error: unknown) => {
      this.logger.warn({ err: error, runId, fileIds }, 'Could not record the files a run used');
    });
  }

  private async store(
    principal: Principal,
    part: { filename: string; declaredType?: string; stream: Readable },
  ): Promise<FileRow> {
    const id = randomUUID();
    const sniffer = new ContentSniffer();
    const stored = await this.blobs.put(id, through(part.stream, sniffer));
    try {
      return await this.files.insert({
        id,
        owner: principal.user,
        name: part.filename,
        declared_type: part.declaredType ?? null,
        mime_type: sniffer.finish(part.filename, part.declaredType),
        size_bytes: stored.size,
        sha256: stored.sha256,
      });
    } catch (error) {
      await this.blobs.delete(id);
      throw error;
    }
  }

  private async find(principal: Principal, id: string): Promise<FileRow> {
    const file = await this.files.findOwned(id, principal.user);
    if (!file) throw new FileNotFoundError([id]);
    return file;
  }
}

export function toFileDto(row: FileRow): FileDto {
  return {
    id: row.id,
    name: row.name,
    mime_type: row.mime_type,
    declared_type: row.declared_type,
    size_bytes: row.size_bytes,
    sha256: row.sha256,
    created_at: row.created_at,
    content_url: `/api/v1/files/${row.id}/content`,
  };
}

/** The stream's bytes, each shown to the sniffer on the way; errors pass through. */
function through(source: Readable, sniffer: ContentSniffer): Readable {
  const sniffing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sniffer.update(chunk);
      done(null, chunk);
    },
  });
  return pipeline(source, sniffing, () => undefined);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

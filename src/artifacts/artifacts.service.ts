import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { type Principal } from '../api-keys/principal';
import { BLOB_STORE, type BlobStore } from '../files/blob-store';
import { type RunSession } from '../tools/tool.contract';
import { ArtifactsConfig } from './artifacts.config';
import { ArtifactNotFoundError, ArtifactTooLargeError } from './artifacts.errors';
import {
  type ArtifactVersionRow,
  type ArtifactWithVersions,
  ArtifactsRepository,
} from './artifacts.repository';
import {
  type ArtifactDetailDto,
  type ArtifactDto,
  type ArtifactVersionDto,
} from './dto/artifact.dto';
import { type ArtifactDraft, type SavedArtifact } from './processing/tool-response';
import { utf8CutPoint } from './processing/truncate-utf8';
import { readRange } from './read-range';
import { isTextMimeType } from './text-mime-types';

/** Where a saved piece came from. */
export interface ArtifactOrigin {
  session: RunSession;
  runId: string;
  toolUseId: string;
}

/** An artifact as the model is told of it. */
export interface ModelArtifact extends SavedArtifact {
  summary: string;
}

/** A range of an artifact's bytes, as `load_artifact` gives it to the model. */
export interface ArtifactRange {
  name: string;
  version: number;
  mime_type: string;
  size_bytes: number;
  offset: number;
  /** The bytes as text; null for binary content, which the model cannot read. */
  content: string | null;
  /** Where the next range starts; null at the end. */
  next_offset: number | null;
}

/** Artifacts of sessions: versions in the database, bytes in the blob store shared with files. */
@Injectable()
export class ArtifactsService {
  private readonly logger = new Logger('Artifacts');

  constructor(
    private readonly artifacts: ArtifactsRepository,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly config: ArtifactsConfig,
  ) {}

  /** Stores a piece of a tool result as the next version of its name (or its identical one). */
  async save(draft: ArtifactDraft, origin: ArtifactOrigin): Promise<SavedArtifact> {
    if (draft.bytes.length > this.config.ARTIFACT_MAX_BYTES) {
      throw new ArtifactTooLargeError(draft.bytes.length, this.config.ARTIFACT_MAX_BYTES);
    }
    const key = `artifact-${randomUUID()}`;
    const stored = await this.blobs.put(key, Readable.from([draft.bytes]));
    try {
      const { artifact, version, reused } = await this.artifacts.saveVersion(
        { session_id: origin.session.id, owner: origin.session.owner, name: draft.name },
        {
          mime_type: draft.mimeType,
          size_bytes: stored.size,
          sha256: stored.sha256,
          blob_key: key,
          kind: draft.kind,
          metadata: draft.metadata,
          user_only: draft.userOnly,
          run_id: origin.runId,
          tool_use_id: origin.toolUseId,
        },
      );
      if (reused) await this.blobs.delete(key);
      return savedOf(artifact.id, artifact.name, version);
    } catch (error) {
      await this.blobs.delete(key);
      throw error;
    }
  }

  /** The session's artifacts (the caller checked the session is the principal's). */
  async listForSession(sessionId: string): Promise<ArtifactDto[]> {
    const found = await this.artifacts.listForSession(sessionId);
    return found.map((item) => toArtifactDto(item));
  }

  async get(principal: Principal, id: string): Promise<ArtifactDetailDto> {
    const found = await this.findOwned(principal.user, id);
    return {
      ...toArtifactDto(found),
      versions: found.versions.map((v) => toVersionDto(found.artifact.id, v)),
    };
  }

  /** The newest version of each of `owner`'s artifacts, newest artifact first, a page of them. */
  async listOwned(
    owner: string,
    page: { limit: number; offset: number },
  ): Promise<{ artifacts: SavedArtifact[]; total: number }> {
    const { items, total } = await this.artifacts.listOwned(owner, page);
    return {
      artifacts: items.map(({ artifact, versions }) =>
        savedOf(artifact.id, artifact.name, versions[versions.length - 1]),
      ),
      total,
    };
  }

  /** A version of `owner`'s artifact (the newest by default): its metadata and bytes. */
  async content(owner: string, id: string, version?: number) {
    const found = await this.findOwned(owner, id);
    const chosen = versionOf(found, version);
    return {
      name: found.artifact.name,
      mimeType: chosen.mime_type,
      sizeBytes: chosen.size_bytes,
      bytes: this.blobs.get(chosen.blob_key),
    };
  }

  /** The newest version of each artifact of the session the model may see. */
  async listForModel(sessionId: string): Promise<ModelArtifact[]> {
    const found = await this.artifacts.listForSession(sessionId);
    return found.flatMap(({ artifact, versions }) => {
      const latest = versions.filter((version) => !version.user_only).at(-1);
      return latest
        ? [{ ...savedOf(artifact.id, artifact.name, latest), summary: summaryOf(latest) }]
        : [];
    });
  }

  /** A range of an artifact of the session, for the model (user-only ones are not found). */
  async readForModel(
    session: RunSession,
    request: { name: string; version?: number; offset: number; limit: number },
  ): Promise<ArtifactRange> {
    const found = await this.artifacts.findByName(session.id, request.name);
    const visible = found && {
      ...found,
      versions: found.versions.filter((version) => !version.user_only),
    };
    if (!visible || visible.versions.length === 0) {
      throw new ArtifactNotFoundError(`'${request.name}'`);
    }
    const chosen = versionOf(visible, request.version);
    const common = {
      name: visible.artifact.name,
      version: chosen.version,
      mime_type: chosen.mime_type,
      size_bytes: chosen.size_bytes,
      offset: request.offset,
    };
    if (!isTextMimeType(chosen.mime_type)) return { ...common, content: null, next_offset: null };
    // Up to 3 bytes more tell whether the range ends inside a character: it then ends before it.
    const read = await readRange(
      this.blobs.get(chosen.blob_key),
      request.offset,
      request.limit + 3,
    );
    const length = utf8CutPoint(read, request.limit);
    const end = request.offset + length;
    return {
      ...common,
      content: read.toString('utf8', 0, length),
      next_offset: end < chosen.size_bytes ? end : null,
    };
  }

  /** The blob keys of a session's artifacts, read before the session (and its rows) goes. */
  blobKeysOfSession(sessionId: string): Promise<string[]> {
    return this.artifacts.blobKeysOfSession(sessionId);
  }

  /** Deletes the blobs of a deleted session's artifacts; one that can't go is logged, not fatal. */
  async deleteBlobs(sessionId: string, keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      await this.blobs.delete(key).catch((error: unknown) => {
        this.logger.warn({ err: error, sessionId, key }, 'Could not delete an artifact blob');
      });
    }
  }

  private async findOwned(owner: string, id: string): Promise<ArtifactWithVersions> {
    const found = await this.artifacts.findOwned(id, owner);
    if (!found || found.versions.length === 0) throw new ArtifactNotFoundError(`'${id}'`);
    return found;
  }
}

function versionOf(found: ArtifactWithVersions, version: number | undefined): ArtifactVersionRow {
  const chosen =
    version === undefined
      ? found.versions.at(-1)
      : found.versions.find((candidate) => candidate.version === version);
  if (!chosen) throw new ArtifactNotFoundError(`'${found.artifact.name}' version ${version}`);
  return chosen;
}

function savedOf(id: string, name: string, version: ArtifactVersionRow): SavedArtifact {
  return {
    id,
    name,
    version: version.version,
    mime_type: version.mime_type,
    size_bytes: version.size_bytes,
  };
}

/** A short line on what an artifact holds, from what processing learnt of it. */
function summaryOf(version: ArtifactVersionRow): string {
  const { json, csv, uri } = version.metadata as {
    json?: { type: string; keys?: string[]; length?: number };
    csv?: { rows: number; columns: number; headers: string[] };
    uri?: string;
  };
  if (json?.type === 'object') return `JSON object with keys ${(json.keys ?? []).join(', ')}`;
  if (json?.type === 'array') return `JSON array of ${json.length ?? 0} items`;
  if (csv) return `CSV, ${csv.rows} rows × ${csv.columns} columns: ${csv.headers.join(', ')}`;
  if (uri) return `reference to ${uri}`;
  return `${version.kind} content`;
}

function toVersionDto(artifactId: string, version: ArtifactVersionRow): ArtifactVersionDto {
  return {
    version: version.version,
    mime_type: version.mime_type,
    size_bytes: version.size_bytes,
    sha256: version.sha256,
    kind: version.kind,
    metadata: version.metadata,
    user_only: version.user_only,
    run_id: version.run_id,
    tool_use_id: version.tool_use_id,
    created_at: version.created_at,
    content_url: `/api/v1/artifacts/${artifactId}/content?version=${version.version}`,
  };
}

function toArtifactDto({ artifact, versions }: ArtifactWithVersions): ArtifactDto {
  return {
    id: artifact.id,
    session_id: artifact.session_id,
    name: artifact.name,
    latest: toVersionDto(artifact.id, versions[versions.length - 1]),
    created_at: artifact.created_at,
    updated_at: artifact.updated_at,
  };
}

import { buffer } from 'node:stream/consumers';
import { Injectable } from '@nestjs/common';
import {
  type BlobResourceContents,
  type ListResourceTemplatesResult,
  type ListResourcesResult,
  type ProtocolError,
  type ReadResourceResult,
  type ResourceLink,
  type TextResourceContents,
} from '@modelcontextprotocol/server';
import { ANONYMOUS_USER } from '../api-keys/principal';
import { ArtifactNotFoundError } from '../artifacts/artifacts.errors';
import { ArtifactsService } from '../artifacts/artifacts.service';
import { isTextMimeType } from '../artifacts/text-mime-types';
import { type SavedArtifact } from '../artifacts/processing/tool-response';
import { type ToolCallOrigin } from '../tools/tool.contract';
import { type ToolAccess } from '../tools/tool-scope';
import { artifactLinks } from './artifact-links';
import { artifactUri } from './artifact-uri';
import { decodeCursor, encodeCursor } from './page-cursor';
import { parseArtifactUri } from './parse-artifact-uri';
import { protocolError } from './protocol-errors';

/** Artifacts per `resources/list` page; longer lists continue with `nextCursor`. */
export const RESOURCES_PAGE_SIZE = 50;

/**
 * How long 2026-07-28 clients may reuse these answers, private to the caller (they are the
 * key's user's). Lists and reads of the newest version change with every run that saves an
 * artifact, and deleting a session deletes its artifacts at once, so nothing is reused; the
 * template never changes.
 */
export const ARTIFACT_RESOURCE_CACHE_HINTS = {
  'resources/list': { ttlMs: 0, cacheScope: 'private' },
  'resources/read': { ttlMs: 0, cacheScope: 'private' },
  'resources/templates/list': { ttlMs: 3_600_000, cacheScope: 'private' },
} as const;

const ARTIFACT_TEMPLATE: ListResourceTemplatesResult = {
  resourceTemplates: [
    {
      uriTemplate: 'toolhub://artifacts/{id}',
      name: 'artifact',
      title: 'Artifact',
      description:
        'What a tool of one of your runs produced, saved; ?version=N reads a version, the newest by default',
    },
  ],
};

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The caller's artifacts as MCP resources, `toolhub://artifacts/{id}?version=N`: listed and read
 * with the owner rules of `GET /api/v1/artifacts/{id}`. Callers without a key have none: every
 * keyless caller is the same anonymous user, so none may read what another one's run saved.
 */
@Injectable()
export class ArtifactResources {
  constructor(private readonly artifacts: ArtifactsService) {}

  /** Links to `artifacts` for a caller who can read them; none for a caller without a key. */
  linksFor({ origin }: ToolAccess, artifacts: readonly SavedArtifact[]): ResourceLink[] {
    return ownsArtifacts(origin) ? artifactLinks(artifacts) : [];
  }

  templates(): ListResourceTemplatesResult {
    return ARTIFACT_TEMPLATE;
  }

  async list({ origin }: ToolAccess, cursor: string | undefined): Promise<ListResourcesResult> {
    const offset = decodeCursor(cursor);
    if (!ownsArtifacts(origin)) return { resources: [] };
    const { artifacts, total } = await this.artifacts.listOwned(origin.user, {
      limit: RESOURCES_PAGE_SIZE,
      offset,
    });
    const next = offset + RESOURCES_PAGE_SIZE;
    return {
      resources: artifacts.map(({ id, name, version, mime_type, size_bytes }) => ({
        uri: artifactUri(id, version),
        name,
        mimeType: mime_type,
        size: size_bytes,
      })),
      ...(next < total && { nextCursor: encodeCursor(next) }),
    };
  }

  /**
   * The bytes of the artifact version `uri` names, whole (artifacts are at most
   * ARTIFACT_MAX_BYTES): text as text, anything else (or text that is not UTF-8) as base64.
   */
  async read({ origin }: ToolAccess, uri: string): Promise<ReadResourceResult> {
    const target = parseArtifactUri(uri);
    if (!target || !ownsArtifacts(origin)) throw unknownArtifact(uri);
    try {
      const { mimeType, bytes } = await this.artifacts.content(
        origin.user,
        target.id,
        target.version,
      );
      return { contents: [contentsOf(uri, mimeType, await buffer(bytes))] };
    } catch (error) {
      if (error instanceof ArtifactNotFoundError) throw unknownArtifact(uri);
      throw error;
    }
  }
}

function ownsArtifacts(origin: ToolCallOrigin): boolean {
  return origin.user !== ANONYMOUS_USER;
}

function contentsOf(
  uri: string,
  mimeType: string,
  bytes: Buffer,
): TextResourceContents | BlobResourceContents {
  if (isTextMimeType(mimeType)) {
    try {
      return { uri, mimeType, text: UTF8.decode(bytes) };
    } catch {
      // Declared text, but not UTF-8: its bytes go as they are.
    }
  }
  return { uri, mimeType, blob: bytes.toString('base64') };
}

/** Unknown, malformed and another user's URIs alike: nothing tells whether an artifact exists. */
function unknownArtifact(uri: string): ProtocolError {
  return protocolError('InvalidParams', `Resource not found: ${uri}`, {
    uri,
  });
}

import { type ResourceLink } from '@modelcontextprotocol/server';
import { type SavedArtifact } from '../artifacts/processing/tool-response';
import { artifactUri } from './artifact-uri';

/** One `resource_link` content block per artifact, each readable with `resources/read`. */
export function artifactLinks(artifacts: readonly SavedArtifact[]): ResourceLink[] {
  return artifacts.map(({ id, name, version, mime_type, size_bytes }) => ({
    type: 'resource_link',
    uri: artifactUri(id, version),
    name,
    mimeType: mime_type,
    size: size_bytes,
  }));
}

import { useEffect, useState } from 'preact/hooks';
import { getBlob, getJson } from '../api/client';
import { type Artifact, type ArtifactVersion } from '../api/types';
import { CsvTable } from '../components/csv-table';
import { JsonTree } from '../components/json-tree';
import { Markdown } from '../components/markdown';
import { NumberedText } from '../components/numbered-text';
import { Status } from '../components/status';
import { hrefOf } from '../router';
import { useAsync } from '../use-async';

/** The bytes of one version, behind a blob URL this view owns (revoked when it closes). */
interface Content {
  blob: Blob;
  url: string;
  text?: string;
}

/** How each kind of content is shown. SVG and HTML are never rendered: they could run script. */
type Preview = 'image' | 'audio' | 'csv' | 'json' | 'markdown' | 'text' | 'none';

/** Larger text is offered as a download only: rendering it would stall the page. */
const MAX_PREVIEW_BYTES = 2 * 1024 * 1024;

export function previewOf(mimeType: string, size: number): Preview {
  const type = mimeType.split(';')[0].trim().toLowerCase();
  if (type === 'image/svg+xml') return 'text';
  if (/^image\/(png|jpeg|gif|webp|avif|bmp)$/.test(type)) return 'image';
  if (type.startsWith('audio/')) return 'audio';
  if (size > MAX_PREVIEW_BYTES) return 'none';
  if (type === 'text/csv') return 'csv';
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type === 'text/markdown') return 'markdown';
  if (type.startsWith('text/') || type === 'application/yaml' || type.endsWith('+xml'))
    return 'text';
  return 'none';
}

export function ArtifactView({ id, version }: { id: string; version?: number }) {
  const [artifact] = useAsync(
    (signal) => getJson<Artifact>(`/api/v1/artifacts/${encodeURIComponent(id)}`, signal),
    [id],
  );
  return (
    <Status loaded={artifact}>
      {(value) => {
        const versions = value.versions ?? [value.latest];
        const shown = versions.find((v) => v.version === version) ?? value.latest;
        return (
          <>
            <h2>{value.name}</h2>
            <p>
              <a href={hrefOf({ view: 'session', id: value.session_id })}>Back to the session</a>
            </p>
            <VersionPreview name={value.name} version={shown} />
            <section aria-labelledby="versions-heading">
              <h3 id="versions-heading">Versions</h3>
              <ul class="list">
                {[...versions].reverse().map((v) => (
                  <li key={v.version}>
                    <a
                      href={hrefOf({ view: 'artifact', id, version: v.version })}
                      aria-current={v.version === shown.version ? 'page' : undefined}
                    >
                      Version {v.version}
                    </a>{' '}
                    <span class="muted">
                      {v.mime_type} · {v.size_bytes} bytes ·{' '}
                      {new Date(v.created_at).toLocaleString()}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          </>
        );
      }}
    </Status>
  );
}

function VersionPreview({ name, version }: { name: string; version: ArtifactVersion }) {
  const preview = previewOf(version.mime_type, version.size_bytes);
  const [content, setContent] = useState<Content | { problem: string }>();

  useEffect(() => {
    const controller = new AbortController();
    let url: string | undefined;
    setContent(undefined);
    getBlob(version.content_url, controller.signal).then(
      async (blob) => {
        const text = ['csv', 'json', 'markdown', 'text'].includes(preview)
          ? await blob.text()
          : undefined;
        if (controller.signal.aborted) return;
        // The blob is typed as an opaque download: the browser never renders it as a page.
        url = URL.createObjectURL(
          preview === 'image' || preview === 'audio'
            ? blob
            : new Blob([blob], { type: 'application/octet-stream' }),
        );
        setContent({ blob, url, text });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setContent({ problem: String(error) });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [version.content_url, preview]);

  if (!content) return <p class="muted">Loading…</p>;
  if ('problem' in content)
    return (
      <p class="error" role="alert">
        {content.problem}
      </p>
    );
  return (
    <section class="preview" aria-label={`Preview of ${name}`} data-preview={preview}>
      <p>
        <a class="button" href={content.url} download={name}>
          Download {name}
        </a>{' '}
        <span class="muted">
          Version {version.version} · {version.mime_type} · {version.size_bytes} bytes
        </span>
      </p>
      <PreviewBody preview={preview} content={content} name={name} />
    </section>
  );
}

function PreviewBody({
  preview,
  content,
  name,
}: {
  preview: Preview;
  content: Content;
  name: string;
}) {
  switch (preview) {
    case 'image':
      return <img class="artifact-image" src={content.url} alt={name} />;
    case 'audio':
      return <audio controls src={content.url} aria-label={name} />;
    case 'csv':
      return <CsvTable text={content.text ?? ''} name={name} />;
    case 'json':
      return <JsonPreview text={content.text ?? ''} />;
    case 'markdown':
      return <Markdown text={content.text ?? ''} />;
    case 'text':
      return <NumberedText text={content.text ?? ''} />;
    case 'none':
      return <p class="muted">No preview for this type: download it.</p>;
  }
}

function JsonPreview({ text }: { text: string }) {
  try {
    return <JsonTree value={JSON.parse(text) as unknown} />;
  } catch {
    return <NumberedText text={text} />;
  }
}

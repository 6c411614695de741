import { ToolContentResult } from '../../../../tools/tool-content-result';
import { jsonOrTextOf, readAnswer } from '../../../../tools/kinds/http/http-tool-runner';

/** Media types read as text; any other (an image, a PDF, `application/octet-stream`) is binary. */
const TEXTUAL =
  /^(text\/|application\/([\w.+-]+\+)?(json|xml|yaml|x-yaml|javascript|graphql|x-www-form-urlencoded)\b)/i;

/**
 * An operation's answer as a tool's result, as an `http` tool's is: its JSON or its text, a
 * non-2xx answer a failure with its status and an excerpt. A binary answer becomes MCP content,
 * an image, a sound or an embedded resource named by the URL that answered it, so that it
 * takes the way of any tool's binary content (agent runs save it as an artifact).
 */
export async function operationAnswerOf(
  response: Response,
  displayUrl: string,
  signal: AbortSignal,
): Promise<unknown> {
  const mimeType = response.headers.get('content-type')?.split(';')[0].trim().toLowerCase();
  if (!response.ok || !mimeType || TEXTUAL.test(mimeType)) {
    return jsonOrTextOf(response, displayUrl, signal);
  }
  const bytes = Buffer.from(await readAnswer(() => response.arrayBuffer(), displayUrl, signal));
  if (bytes.length === 0) return '';
  const data = bytes.toString('base64');
  const [family] = mimeType.split('/');
  const item =
    family === 'image' || family === 'audio'
      ? { type: family, data, mimeType }
      : { type: 'resource', resource: { uri: displayUrl, mimeType, blob: data } };
  return new ToolContentResult({ content: [item] }, [item]);
}

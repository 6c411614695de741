import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { InvalidSourceDocumentError } from './openapi-source.errors';

/** How long a YAML document may take to parse; one within the size bound takes seconds. */
export const YAML_PARSE_TIME_LIMIT_MS = 60_000;
/** The parsing thread's heap: what a document within the size bound needs, several times over. */
const YAML_PARSE_HEAP_MB = 512;

/**
 * The value of a document's text: JSON when it opens as JSON (`{` or `[`), else YAML, parsed on
 * a thread of its own (`yaml-parse.worker.js`) so a large one does not hold other requests.
 * Either way a JSON value, as a source stores it. Text that parses as neither fails naming
 * where.
 */
export async function parseDocumentText(text: string, signal?: AbortSignal): Promise<unknown> {
  if (/^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new InvalidSourceDocumentError(`it is not valid JSON: ${(error as Error).message}`);
    }
  }
  const json = await parseYamlOnItsThread(text, signal);
  return JSON.parse(json) as unknown;
}

function parseYamlOnItsThread(text: string, signal?: AbortSignal): Promise<string> {
  signal?.throwIfAborted();
  const worker = new Worker(join(__dirname, 'yaml-parse.worker.js'), {
    workerData: { text },
    resourceLimits: { maxOldGenerationSizeMb: YAML_PARSE_HEAP_MB },
  });
  return new Promise<string>((resolve, reject) => {
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      // A thread that answered ends by itself; one that did not is stopped.
      void worker.terminate();
      outcome();
    };
    const abort = () => settle(() => reject(signal?.reason as Error));
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(
            new InvalidSourceDocumentError(
              `its YAML was not read within ${YAML_PARSE_TIME_LIMIT_MS / 1000} s`,
            ),
          ),
        ),
      YAML_PARSE_TIME_LIMIT_MS,
    );
    signal?.addEventListener('abort', abort, { once: true });
    worker.once('message', (answer: { json?: string; error?: string }) =>
      settle(() =>
        answer.json === undefined
          ? reject(new InvalidSourceDocumentError(`it is not valid YAML: ${answer.error}`))
          : resolve(answer.json),
      ),
    );
    worker.once('error', (error) =>
      settle(() =>
        reject(new InvalidSourceDocumentError(`its YAML could not be read: ${error.message}`)),
      ),
    );
    // Once it has answered, the thread's end changes nothing: the promise is settled.
    worker.once('exit', (code) =>
      settle(() =>
        reject(
          new InvalidSourceDocumentError(`its YAML could not be read: its thread ended (${code})`),
        ),
      ),
    );
  });
}

import type { Artifact, Message, Part, StreamResponse, Task } from '@a2a-js/sdk';
import { ToolExecutionFailedError } from '../../tool.errors';
import { excerptOf } from '../endpoint/remote-body-excerpt';
import { a2aProtocol } from './a2a-client-sdk';
import { A2aInputRequiredError, A2aTaskFailedError } from './a2a-tool.errors';

/** A part of a remote answer as the tool's result shows it. */
export type A2aAnswerPart =
  | { text: string }
  | { data: unknown }
  | { url: string; media_type: string; filename: string }
  | { raw_base64: string; media_type: string; filename: string };

export interface A2aAnswerArtifact {
  artifact_id: string;
  name: string;
  description: string;
  parts: A2aAnswerPart[];
}

/** What a call of an `a2a` tool answers, on every transport. */
export interface A2aToolAnswer {
  response: string;
  /** The remote task; empty when the remote agent answered with a message and no task. */
  task_id: string;
  context_id: string;
  artifacts: A2aAnswerArtifact[];
}

/** Where a remote call stands once an event is taken in. */
export type RemoteTaskProgress = 'going' | 'done';

/** What a remote task in `input-required` asks. */
export interface RemoteQuestion {
  taskId: string;
  contextId: string;
  /** Its status message's text; empty when it said nothing. */
  text: string;
}

/**
 * The remote agent's task as the events of one call build it: the task, its status updates and
 * its artifacts (appended chunks joined). It ends when the task is in a final state, waits for
 * input, or the agent answered with a message instead of a task.
 */
export class RemoteTask {
  private task?: Task;
  private message?: Message;
  private readonly artifacts = new Map<string, Artifact>();
  /** The status that asked the question answered last: seen again, it is not a new one. */
  private answered?: string;

  constructor(private readonly report?: (message: string) => void) {}

  /** The remote task's id, once an event named it: what a cancellation names. */
  get id(): string | undefined {
    return this.task?.id;
  }

  /** What the task asks, while it waits for input (`input-required`) and has not been answered. */
  question(): RemoteQuestion | undefined {
    const task = this.task;
    if (task?.status?.state !== a2aProtocol().TaskState.TASK_STATE_INPUT_REQUIRED) return undefined;
    if (this.answeredNow()) return undefined;
    return {
      taskId: task.id,
      contextId: task.contextId,
      text: textOf(task.status.message?.parts ?? []),
    };
  }

  /**
   * The question is answered: until the remote says more, the task is going again (a remote
   * may repeat the status it was in before it takes the answer in).
   */
  markAnswered(): void {
    this.answered = this.statusKey();
  }

  /** The remote task or message a blocking send or a poll answered. */
  take(result: Message | Task): RemoteTaskProgress {
    if (!('status' in result)) return this.takeMessage(result);
    this.task = result;
    for (const artifact of result.artifacts ?? [])
      this.artifacts.set(artifact.artifactId, artifact);
    this.reportStatus();
    return this.progress();
  }

  /** One event of a stream. */
  deliver({ payload }: StreamResponse): RemoteTaskProgress {
    switch (payload?.$case) {
      case 'task':
      case 'message':
        return this.take(payload.value);
      case 'statusUpdate':
        if (this.task && payload.value.status) {
          this.task = { ...this.task, status: payload.value.status };
          this.reportStatus();
        }
        return this.progress();
      case 'artifactUpdate': {
        const { artifact, append } = payload.value;
        if (artifact) this.addArtifact(artifact, append);
        return this.progress();
      }
      case undefined:
        return this.progress();
    }
  }

  /** The answer of a call whose remote work is done; a failure for anything but completion. */
  answer(): A2aToolAnswer {
    if (this.message) {
      return {
        response: textOf(this.message.parts),
        task_id: '',
        context_id: this.message.contextId,
        artifacts: [],
      };
    }
    const task = this.task;
    if (!task)
      throw new ToolExecutionFailedError('The remote agent answered neither a task nor a message');
    const { TaskState } = a2aProtocol();
    const state = task.status?.state ?? TaskState.TASK_STATE_UNSPECIFIED;
    const said = textOf(task.status?.message?.parts ?? []);
    const stateName = nameOf(state);
    if (
      state === TaskState.TASK_STATE_INPUT_REQUIRED ||
      state === TaskState.TASK_STATE_AUTH_REQUIRED
    ) {
      throw new A2aInputRequiredError(excerptOf(said || stateName), task.id, stateName);
    }
    if (state !== TaskState.TASK_STATE_COMPLETED) {
      const why = said ? `: ${excerptOf(said)}` : '';
      throw new A2aTaskFailedError(
        `The remote agent's task ${task.id} ended ${stateName}${why}`,
        task.id,
        stateName,
      );
    }
    const artifacts = [...this.artifacts.values()];
    return {
      response:
        said || lastAgentText(task) || artifacts.map(({ parts }) => textOf(parts)).join('\n'),
      task_id: task.id,
      context_id: task.contextId,
      artifacts: artifacts.map(artifactOf),
    };
  }

  /** The remote task's state, for a failure that ends the call before the task does. */
  describe(): string {
    return this.task ? `task ${this.task.id} (${nameOf(this.task.status?.state)})` : 'no task';
  }

  private takeMessage(message: Message): RemoteTaskProgress {
    // A message inside a task's stream is the agent talking, not the task's end.
    if (this.task) return this.progress();
    this.message = message;
    return 'done';
  }

  private addArtifact(artifact: Artifact, append: boolean): void {
    const earlier = this.artifacts.get(artifact.artifactId);
    const parts = append && earlier ? [...earlier.parts, ...artifact.parts] : artifact.parts;
    this.artifacts.set(artifact.artifactId, { ...artifact, parts });
    this.report?.(`artifact ${artifact.name || artifact.artifactId}`);
  }

  private reportStatus(): void {
    const status = this.task?.status;
    if (!status) return;
    const said = textOf(status.message?.parts ?? []);
    this.report?.(said ? `${nameOf(status.state)}: ${excerptOf(said)}` : nameOf(status.state));
  }

  private progress(): RemoteTaskProgress {
    if (this.message) return 'done';
    if (this.answeredNow()) return 'going';
    const { TaskState } = a2aProtocol();
    const state = this.task?.status?.state;
    const going =
      state === undefined ||
      state === TaskState.TASK_STATE_UNSPECIFIED ||
      state === TaskState.TASK_STATE_SUBMITTED ||
      state === TaskState.TASK_STATE_WORKING;
    return going ? 'going' : 'done';
  }

  /** The current status, told apart from an earlier one by its message or its time. */
  private statusKey(): string {
    const status = this.task?.status;
    return `${status?.state}:${status?.message?.messageId ?? ''}:${status?.timestamp ?? ''}`;
  }

  private answeredNow(): boolean {
    return this.answered !== undefined && this.answered === this.statusKey();
  }
}

/** `TASK_STATE_INPUT_REQUIRED` as the spec's prose names it: `input-required`. */
function nameOf(state: number | undefined): string {
  const name = a2aProtocol().TaskState[state ?? 0] ?? 'TASK_STATE_UNSPECIFIED';
  return name
    .replace(/^TASK_STATE_/, '')
    .toLowerCase()
    .replaceAll('_', '-');
}

function textOf(parts: readonly Part[]): string {
  return parts
    .flatMap((part) => (part.content?.$case === 'text' ? [part.content.value] : []))
    .join('\n');
}

/** The agent's last message in the task's history, for remotes that answer there. */
function lastAgentText(task: Task): string {
  const { Role } = a2aProtocol();
  const last = (task.history ?? []).filter(({ role }) => role === Role.ROLE_AGENT).at(-1);
  return last ? textOf(last.parts) : '';
}

function artifactOf({ artifactId, name, description, parts }: Artifact): A2aAnswerArtifact {
  return {
    artifact_id: artifactId,
    name,
    description,
    parts: parts.flatMap((part) => {
      const shown = partOf(part);
      return shown ? [shown] : [];
    }),
  };
}

function partOf({ content, mediaType, filename }: Part): A2aAnswerPart | undefined {
  switch (content?.$case) {
    case 'text':
      return { text: content.value };
    case 'data':
      return { data: content.value as unknown };
    case 'url':
      return { url: content.value, media_type: mediaType, filename };
    case 'raw':
      return {
        raw_base64: Buffer.from(content.value).toString('base64'),
        media_type: mediaType,
        filename,
      };
    case undefined:
      return undefined;
  }
}

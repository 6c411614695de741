import { type Artifact, type Message, type Part, Role, type Task, TaskState } from '@a2a-js/sdk';
import { RemoteTask } from './remote-task';

const text = (value: string): Part => ({
  content: { $case: 'text', value },
  mediaType: 'text/plain',
  filename: '',
  metadata: undefined,
});

const message = (said: string, role = Role.ROLE_AGENT): Message => ({
  messageId: 'm',
  contextId: 'ctx',
  taskId: 't1',
  role,
  parts: [text(said)],
  metadata: undefined,
  extensions: [],
  referenceTaskIds: [],
});

const task = (state: TaskState, said?: string, extra: Partial<Task> = {}): Task => ({
  id: 't1',
  contextId: 'ctx',
  status: { state, message: said === undefined ? undefined : message(said), timestamp: undefined },
  artifacts: [],
  history: [],
  metadata: undefined,
  ...extra,
});

const artifact = (parts: Part[]): Artifact => ({
  artifactId: 'a1',
  name: 'notes.txt',
  description: '',
  parts,
  metadata: undefined,
  extensions: [],
});

describe('RemoteTask', () => {
  test('appended artifact chunks are joined into one artifact', () => {
    const remote = new RemoteTask();
    remote.deliver({ payload: { $case: 'task', value: task(TaskState.TASK_STATE_WORKING) } });
    for (const [said, append] of [
      ['first', false],
      ['second', true],
    ] as const) {
      const update = {
        taskId: 't1',
        contextId: 'ctx',
        append,
        lastChunk: false,
        metadata: undefined,
      };
      remote.deliver({
        payload: {
          $case: 'artifactUpdate',
          value: { ...update, artifact: artifact([text(said)]) },
        },
      });
    }
    const status = {
      state: TaskState.TASK_STATE_COMPLETED,
      message: undefined,
      timestamp: undefined,
    };
    const done = remote.deliver({
      payload: {
        $case: 'statusUpdate',
        value: { taskId: 't1', contextId: 'ctx', status, metadata: undefined },
      },
    });
    expect(done).toBe('done');
    expect(remote.answer()).toEqual({
      // No status message and no agent message: the artifacts' text is the answer.
      response: 'first\nsecond',
      task_id: 't1',
      context_id: 'ctx',
      artifacts: [
        {
          artifact_id: 'a1',
          name: 'notes.txt',
          description: '',
          parts: [{ text: 'first' }, { text: 'second' }],
        },
      ],
    });
  });

  test("a task's last agent message is the answer when its status says nothing", () => {
    const remote = new RemoteTask();
    const history = [message('question', Role.ROLE_USER), message('the answer')];
    expect(remote.take(task(TaskState.TASK_STATE_COMPLETED, undefined, { history }))).toBe('done');
    expect(remote.answer().response).toBe('the answer');
  });

  test('a message instead of a task is the answer, with no task', () => {
    const remote = new RemoteTask();
    expect(remote.take(message('hello'))).toBe('done');
    expect(remote.answer()).toEqual({
      response: 'hello',
      task_id: '',
      context_id: 'ctx',
      artifacts: [],
    });
  });

  test('a message inside a task is the agent talking, not the end', () => {
    const remote = new RemoteTask();
    remote.take(task(TaskState.TASK_STATE_WORKING));
    expect(remote.deliver({ payload: { $case: 'message', value: message('hm') } })).toBe('going');
  });

  test.each([
    ['auth-required', TaskState.TASK_STATE_AUTH_REQUIRED, 'A2A_INPUT_REQUIRED'],
    ['input-required', TaskState.TASK_STATE_INPUT_REQUIRED, 'A2A_INPUT_REQUIRED'],
    ['rejected', TaskState.TASK_STATE_REJECTED, 'A2A_TASK_FAILED'],
    ['canceled', TaskState.TASK_STATE_CANCELED, 'A2A_TASK_FAILED'],
  ])('a task that is %s fails the call, naming the task', (name, state, code) => {
    const remote = new RemoteTask();
    expect(remote.take(task(state, 'why'))).toBe('done');
    expect(() => remote.answer()).toThrow(
      expect.objectContaining({ code, details: { task_id: 't1', state: name } }) as Error,
    );
  });

  test('a question answered is not asked again until the remote says something new', () => {
    const remote = new RemoteTask();
    const asking = task(TaskState.TASK_STATE_INPUT_REQUIRED, 'Which one?');
    expect(remote.take(asking)).toBe('done');
    expect(remote.question()).toEqual({ taskId: 't1', contextId: 'ctx', text: 'Which one?' });
    remote.markAnswered();
    // The remote repeats where it stood before it takes the answer in.
    expect(remote.take(asking)).toBe('going');
    expect(remote.question()).toBeUndefined();
    const askingAgain = task(TaskState.TASK_STATE_INPUT_REQUIRED, 'And when?');
    askingAgain.status!.message!.messageId = 'm2';
    expect(remote.take(askingAgain)).toBe('done');
    expect(remote.question()).toMatchObject({ text: 'And when?' });
  });

  test('a task waiting for authentication asks nothing toolhub could answer', () => {
    const remote = new RemoteTask();
    remote.take(task(TaskState.TASK_STATE_AUTH_REQUIRED, 'Sign in'));
    expect(remote.question()).toBeUndefined();
  });

  test('progress names each status as it comes, with what the remote said', () => {
    const heard: string[] = [];
    const remote = new RemoteTask((said) => heard.push(said));
    remote.take(task(TaskState.TASK_STATE_SUBMITTED));
    remote.take(task(TaskState.TASK_STATE_WORKING, 'reading'));
    expect(heard).toEqual(['submitted', 'working: reading']);
  });
});

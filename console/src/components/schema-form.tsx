import { useState } from 'preact/hooks';
import { type JsonSchema } from '../api/types';

type Field =
  | { kind: 'string' }
  | { kind: 'number'; integer: boolean }
  | { kind: 'boolean' }
  | { kind: 'enum'; options: unknown[] }
  | { kind: 'json' };

function fieldOf(schema: JsonSchema): Field {
  if (schema.enum) return { kind: 'enum', options: schema.enum };
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'string') return { kind: 'string' };
  if (type === 'number' || type === 'integer')
    return { kind: 'number', integer: type === 'integer' };
  if (type === 'boolean') return { kind: 'boolean' };
  return { kind: 'json' };
}

/** A field's value as typed, read as the schema's type; `undefined` leaves it out. */
function valueOf(field: Field, raw: string | boolean): unknown {
  if (field.kind === 'boolean') return raw;
  const text = String(raw);
  if (text === '') return undefined;
  switch (field.kind) {
    case 'string':
      return text;
    case 'number':
      return Number(text);
    case 'enum':
      return field.options[Number(text)];
    case 'json':
      return JSON.parse(text) as unknown;
  }
}

/**
 * A form made from a tool's input schema: a field per top-level property (text, number,
 * checkbox, choice, or JSON for objects and arrays), required ones marked. Submits the object.
 */
export function SchemaForm({
  schema,
  idPrefix,
  busy,
  onSubmit,
}: {
  schema: JsonSchema;
  idPrefix: string;
  busy: boolean;
  onSubmit: (input: Record<string, unknown>) => void;
}) {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const [values, setValues] = useState<Record<string, string | boolean>>({});
  const [problem, setProblem] = useState<string>();

  const submit = (event: Event) => {
    event.preventDefault();
    const input: Record<string, unknown> = {};
    try {
      for (const [name, property] of properties) {
        const field = fieldOf(property);
        const raw = values[name] ?? (field.kind === 'boolean' ? false : '');
        const value = valueOf(field, raw);
        if (value !== undefined) input[name] = value;
      }
    } catch (error) {
      setProblem(`Not JSON: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    setProblem(undefined);
    onSubmit(input);
  };

  const set = (name: string, value: string | boolean) =>
    setValues((current) => ({ ...current, [name]: value }));

  return (
    <form class="schema-form" onSubmit={submit}>
      {properties.length === 0 && <p class="muted">This tool takes no input.</p>}
      {properties.map(([name, property]) => {
        const field = fieldOf(property);
        const id = `${idPrefix}-${name}`;
        const label = (
          <label for={id}>
            {name}
            {required.has(name) ? ' (required)' : ''}
            {field.kind === 'json' ? ' (JSON)' : ''}
          </label>
        );
        const hint = property.description && (
          <p class="hint" id={`${id}-hint`}>
            {property.description}
          </p>
        );
        const described = property.description ? `${id}-hint` : undefined;
        switch (field.kind) {
          case 'boolean':
            return (
              <div key={name} class="field checkbox">
                <input
                  id={id}
                  type="checkbox"
                  aria-describedby={described}
                  checked={values[name] === true}
                  onChange={(event) => set(name, event.currentTarget.checked)}
                />
                {label}
                {hint}
              </div>
            );
          case 'enum':
            return (
              <div key={name} class="field">
                {label}
                <select
                  id={id}
                  aria-describedby={described}
                  required={required.has(name)}
                  onChange={(event) => set(name, event.currentTarget.value)}
                >
                  <option value="">—</option>
                  {field.options.map((option, index) => (
                    <option key={index} value={String(index)}>
                      {JSON.stringify(option)}
                    </option>
                  ))}
                </select>
                {hint}
              </div>
            );
          case 'number':
            return (
              <div key={name} class="field">
                {label}
                <input
                  id={id}
                  type="number"
                  step={field.integer ? 1 : 'any'}
                  aria-describedby={described}
                  required={required.has(name)}
                  onInput={(event) => set(name, event.currentTarget.value)}
                />
                {hint}
              </div>
            );
          case 'string':
          case 'json':
            return (
              <div key={name} class="field">
                {label}
                <textarea
                  id={id}
                  rows={field.kind === 'json' ? 4 : 3}
                  aria-describedby={described}
                  required={required.has(name)}
                  onInput={(event) => set(name, event.currentTarget.value)}
                />
                {hint}
              </div>
            );
        }
      })}
      <button type="submit" disabled={busy}>
        Run the tool
      </button>
      {problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

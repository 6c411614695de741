/**
 * A JSON value as a tree: the top level open, each nested object or array a disclosure opened
 * with a click or the keyboard. Every key and value is a text node: nothing becomes markup.
 */
export function JsonTree({ value }: { value: unknown }) {
  return (
    <div class="json-tree">
      <JsonNode value={value} open />
    </div>
  );
}

function JsonNode({
  name,
  value,
  open = false,
}: {
  name?: string;
  value: unknown;
  open?: boolean;
}) {
  const label = name === undefined ? null : <span class="json-key">{name}: </span>;
  if (value === null || typeof value !== 'object') {
    return (
      <div class="json-leaf">
        {label}
        <span class={`json-${value === null ? 'null' : typeof value}`}>
          {JSON.stringify(value)}
        </span>
      </div>
    );
  }
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value);
  const summary = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
  return (
    <details class="json-branch" open={open}>
      <summary>
        {label}
        <span class="json-count">{summary}</span>
      </summary>
      <div class="json-children">
        {entries.map(([key, item]) => (
          <JsonNode key={key} name={key} value={item} />
        ))}
      </div>
    </details>
  );
}

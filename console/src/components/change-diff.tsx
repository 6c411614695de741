import { type UpstreamToolState } from '../api/types';
import { pretty } from './status';

/** The parts of an upstream tool a change compares, each as the text shown of it. */
const PARTS: { label: string; text: (state: UpstreamToolState) => string }[] = [
  { label: 'Description', text: (state) => state.description },
  { label: 'Input schema', text: (state) => pretty(state.input_schema) },
  { label: 'Output schema', text: (state) => pretty(state.output_schema) },
  { label: 'Annotations', text: (state) => pretty(state.annotations) },
];

/**
 * What a change does to an upstream tool: every part it touches as before and after, side by
 * side (one above the other on a phone); the parts it leaves as they were are only named. An
 * added tool has no before, a removed one no after.
 */
export function ChangeDiff({
  before,
  after,
}: {
  before: UpstreamToolState | null;
  after: UpstreamToolState | null;
}) {
  const touched = PARTS.filter(
    (part) => !before || !after || part.text(before) !== part.text(after),
  );
  const untouched = PARTS.filter((part) => !touched.includes(part));
  return (
    <div class="change-diff">
      {touched.map((part) => (
        <div key={part.label} class="change-part">
          <h5>{part.label}</h5>
          <div class="before-after">
            <Side
              label={`${part.label} before`}
              caption="Before"
              text={before && part.text(before)}
            />
            <Side label={`${part.label} after`} caption="After" text={after && part.text(after)} />
          </div>
        </div>
      ))}
      {untouched.length > 0 && (
        <p class="muted">
          Unchanged: {untouched.map((part) => part.label.toLowerCase()).join(', ')}.
        </p>
      )}
    </div>
  );
}

function Side({ label, caption, text }: { label: string; caption: string; text: string | null }) {
  return (
    <figure>
      <figcaption>{caption}</figcaption>
      {text === null ? (
        <p class="muted">None</p>
      ) : (
        <pre class="json" aria-label={label}>
          {text}
        </pre>
      )}
    </figure>
  );
}

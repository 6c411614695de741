/** Text with its line numbers, shown as text whatever it holds (HTML and SVG included). */
export function NumberedText({ text }: { text: string }) {
  const lines = text.split('\n');
  return (
    <ol class="numbered-text" aria-label="Text with line numbers">
      {lines.map((line, index) => (
        <li key={index}>
          <code>{line || ' '}</code>
        </li>
      ))}
    </ol>
  );
}

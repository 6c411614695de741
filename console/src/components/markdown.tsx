import DOMPurify from 'dompurify';
import { marked } from 'marked';

// Links written by a tool open in a new tab and tell the target nothing about the console.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/**
 * Markdown written by a model or a tool, rendered as HTML only after DOMPurify has kept the
 * plain HTML elements of text (no script, no event handler, no SVG, no style, no form, no
 * image: a remote image would tell its server who reads it).
 */
export function sanitisedMarkdown(text: string): string {
  const html = marked.parse(text, { async: false, gfm: true });
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'img', 'picture', 'video', 'audio'],
    FORBID_ATTR: ['style'],
  });
}

export function Markdown({ text }: { text: string }) {
  return <div class="markdown" dangerouslySetInnerHTML={{ __html: sanitisedMarkdown(text) }} />;
}

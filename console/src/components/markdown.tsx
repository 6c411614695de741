import DOMPurify from 'dompurify';
import { Marked, type Tokens } from 'marked';

/**
 * Headings written by a tool start at level 3: they sit under the view's own title (an `h2`),
 * so the page's outline stays whole whatever level the text chose.
 */
const markdown = new Marked({
  gfm: true,
  walkTokens: (token) => {
    // A token of an extension may claim any type: only marked's own headings have a depth.
    if (token.type !== 'heading') return;
    const heading = token as Tokens.Heading;
    heading.depth = Math.min(6, heading.depth + 2);
  },
});

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
  const html = markdown.parse(text, { async: false });
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'img', 'picture', 'video', 'audio'],
    FORBID_ATTR: ['style'],
  });
}

export function Markdown({ text }: { text: string }) {
  return <div class="markdown" dangerouslySetInnerHTML={{ __html: sanitisedMarkdown(text) }} />;
}

import { Marked, type Tokens } from 'marked';

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const HEADING_CLASS: Record<number, string> = {
  2: 'govgr-heading-m',
  3: 'govgr-heading-s',
};

// The page supplies the only h1, so markdown headings start at h2 and use GOV.GR classes.
const marked = new Marked({
  gfm: true,
  renderer: {
    heading({ tokens, depth }: Tokens.Heading) {
      const level = Math.min(Math.max(depth, 2), 6);
      const className = HEADING_CLASS[level] ?? 'govgr-heading-s';
      return `<h${level} class="${className}">${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
    paragraph({ tokens }: Tokens.Paragraph) {
      return `<p class="govgr-body">${this.parser.parseInline(tokens)}</p>\n`;
    },
    link({ href, title, tokens }: Tokens.Link) {
      const titleAttribute = title ? ` title="${escapeAttribute(title)}"` : '';
      return `<a class="govgr-link" href="${escapeAttribute(href)}"${titleAttribute}>${this.parser.parseInline(tokens)}</a>`;
    },
  },
});

export function renderMarkdown(source: string): string {
  return marked.parse(source, { async: false });
}

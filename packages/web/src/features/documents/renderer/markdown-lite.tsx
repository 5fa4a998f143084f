import type { ReactNode } from 'react';

/**
 * A small, safe reading of template texts: paragraphs split by blank lines, **bold** and
 * [links](https://…). Nothing is parsed as HTML; only http(s), mailto and site-relative links.
 */
const INLINE = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

export function isSafeHref(href: string): boolean {
  return /^(https?:\/\/|mailto:|\/(?!\/))/i.test(href);
}

export function renderInline(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const index = match.index;
    if (index > last) nodes.push(text.slice(last, index));
    const [whole, bold, linkText, href] = match;
    if (bold !== undefined) {
      nodes.push(<strong key={index}>{bold}</strong>);
    } else if (linkText !== undefined && href !== undefined && isSafeHref(href)) {
      const external = /^https?:/i.test(href);
      nodes.push(
        <a
          key={index}
          className="govgr-link"
          href={href}
          {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {linkText}
        </a>,
      );
    } else {
      nodes.push(linkText ?? whole);
    }
    last = index + whole.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

export function MarkdownLite({
  text,
  className = 'govgr-body',
}: {
  text: string;
  className?: string;
}) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    <>
      {paragraphs.map((paragraph, index) => (
        <p key={index} className={className}>
          {renderInline(paragraph)}
        </p>
      ))}
    </>
  );
}

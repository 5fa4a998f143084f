import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * Rendered markdown. Links inside it to pages of the app navigate client-side; links to
 * files (/static/...) and other sites load normally.
 */
export function MarkdownArticle({ html }: { html: string }) {
  const navigate = useNavigate();

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href || anchor.target || anchor.hasAttribute('download')) return;
    if (!href.startsWith('/') || href.startsWith('//') || href.startsWith('/static/')) return;
    event.preventDefault();
    void navigate(href);
  };

  // Static, trusted markdown compiled at run time from files in the bundle; no user input.
  return (
    <div className="dilosi-prose" onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}

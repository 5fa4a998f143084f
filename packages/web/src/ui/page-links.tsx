import { Link } from 'react-router';
import { pageLinks } from './pagination';

type PageLinksProps = {
  page: number;
  totalPages: number;
  /** The address of a page of the list. */
  hrefOf: (page: number) => string;
  /** The navigation landmark's name. */
  label: string;
  /** The accessible name of one page's link. */
  pageLabel: (page: number) => string;
  className: string;
};

/**
 * The page links of a list (spec section 9, pageLinks): nothing for a single page; the current
 * page marked with aria-current, gaps as dots hidden from assistive technology.
 */
export function PageLinks({
  page,
  totalPages,
  hrefOf,
  label,
  pageLabel,
  className,
}: PageLinksProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label}>
      <ul className={className}>
        {pageLinks(page, totalPages).map((link, index) =>
          link === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={link}>
              <Link
                className="govgr-link"
                to={hrefOf(link)}
                aria-current={link === page ? 'page' : undefined}
                aria-label={pageLabel(link)}
              >
                {link}
              </Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

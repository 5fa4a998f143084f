import { useId, type MouseEvent, type ReactNode, type Ref } from 'react';

/** One line of the summary: a link to the control when `href` names one, else plain text. */
export type ErrorSummaryItem = { key: string; message: ReactNode; href?: string | undefined };

/** A summary link moves focus to its control, its whole field (label too) scrolled into view. */
function onLinkClick(event: MouseEvent<HTMLAnchorElement>, href: string) {
  const target = document.getElementById(href.slice(1));
  if (!target) return;
  event.preventDefault();
  const container = target.closest('.govgr-field') ?? target;
  container.scrollIntoView?.({ block: 'start' });
  target.focus({ preventScroll: true });
}

/**
 * The GOV.GR (GOV.UK) error summary: an alert titled "There is a problem" listing the errors,
 * each linking to its control. It takes focus through `ref` (see useFocusOnErrors).
 */
export function ErrorSummary({
  title,
  items,
  ref,
  titleId,
  headingLevel = 2,
  headingClassName = 'govgr-heading-m',
}: {
  title: ReactNode;
  items: readonly ErrorSummaryItem[];
  ref?: Ref<HTMLDivElement>;
  /** The title's id, when something else refers to it; one is made otherwise. */
  titleId?: string;
  headingLevel?: 2 | 3;
  headingClassName?: string;
}) {
  const madeId = useId();
  const headingId = titleId ?? madeId;
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <div
      ref={ref}
      className="govgr-error-summary"
      role="alert"
      tabIndex={-1}
      aria-labelledby={headingId}
    >
      <Heading id={headingId} className={headingClassName}>
        {title}
      </Heading>
      <ul className="govgr-list">
        {items.map((item) => (
          <li key={item.key}>
            {item.href ? (
              <a
                className="govgr-link"
                href={item.href}
                onClick={(event) => onLinkClick(event, item.href as string)}
              >
                {item.message}
              </a>
            ) : (
              item.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

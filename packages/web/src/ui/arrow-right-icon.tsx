/** The GOV.GR call-to-action arrow; decorative. */
export function ArrowRightIcon() {
  return (
    <svg
      className="govgr-arrow--right"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="currentColor"
    >
      <path d="M8.5,2L6.1,4.3l7.6,7.7l-7.6,7.6L8.5,22l10-10L8.5,2z" />
    </svg>
  );
}

type SkipLinkProps = { targetId: string; label: string };

export function SkipLink({ targetId, label }: SkipLinkProps) {
  return (
    <a className="govgr--skip-link dilosi-skip-link" href={`#${targetId}`}>
      {label}
    </a>
  );
}

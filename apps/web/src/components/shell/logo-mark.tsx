/** The logo's mark, an L on beige (decorative: the link around it carries the name). */
export function LogoMark() {
  return (
    <svg className="lp-shell-logo-mark" viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="6" fill="#F7F1E7" />
      <path d="M9 7h4v14h10v4H9z" fill="#1B2C4A" />
    </svg>
  );
}

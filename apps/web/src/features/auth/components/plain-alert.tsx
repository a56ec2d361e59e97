import type { ReactNode } from 'react';

/** The error alert of SPEC §9 in plain elements (see plain-field.tsx), announced at once. */
export function PlainErrorAlert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="lp-alert">
      <svg viewBox="0 0 24 24" aria-hidden="true" className="lp-alert-icon">
        <path
          fill="currentColor"
          d="M12 22a10 10 0 1 1 0-20 10 10 0 0 1 0 20Zm0-2a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm-1-5h2v2h-2v-2Zm0-8h2v6h-2V7Z"
        />
      </svg>
      <div className="lp-alert-text">{children}</div>
    </div>
  );
}

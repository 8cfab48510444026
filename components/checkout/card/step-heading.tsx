"use client";

import * as React from "react";

export const EMAIL_FIELD_ID = "checkout-email";

/** Moves focus to the email field once it is back on screen. */
export function focusEmailSoon() {
  setTimeout(() => document.getElementById(EMAIL_FIELD_ID)?.focus(), 0);
}

/** A heading that takes focus when it appears after something the buyer did. */
export function StepHeading({ focus, children, id }: { focus: boolean; children: React.ReactNode; id?: string }) {
  const ref = React.useRef<HTMLHeadingElement>(null);
  React.useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <h3 ref={ref} id={id} tabIndex={-1} className="text-lg font-semibold text-brand-navy focus:outline-none">
      {children}
    </h3>
  );
}

import type { ReactNode, SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

function Icon({ children, viewBox = '0 0 24 24', ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={viewBox}
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const SendIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4.5 12L3 4.5l18 7.5-18 7.5L4.5 12zm0 0H12" />
  </Icon>
);

/** One tick: the message reached the business. */
export const TickIcon = (p: IconProps) => (
  <Icon viewBox="0 0 18 12" strokeWidth={1.7} {...p}>
    <path d="M2 6.5l3.2 3.2L12 2.5" />
  </Icon>
);

/** Two ticks: the assistant read it. */
export const DoubleTickIcon = (p: IconProps) => (
  <Icon viewBox="0 0 18 12" strokeWidth={1.7} {...p}>
    <path d="M1 6.5l3.2 3.2L11 2.5M8.2 9.2l.5.5L15.5 2.5" />
  </Icon>
);

export const ClockIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </Icon>
);

export const RestartIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 12a8 8 0 102.3-5.6M4 4v4.5h4.5" />
  </Icon>
);

export const HandoffIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0111.2-4.5M15 17h6m-2.5-2.5L21 17l-2.5 2.5" />
  </Icon>
);

export const SourceIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M7 3.5h7l4 4V20a.5.5 0 01-.5.5h-10A.5.5 0 017 20V3.5zM14 3.5V8h4M10 12h5M10 15.5h5" />
  </Icon>
);

export const CalendarCheckIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M16 3v4M8 3v4M3 10h18M9 15.5l2 2 4-4" />
  </Icon>
);

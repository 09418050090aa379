import type { ReactNode } from 'react';
import type { TemplateKey } from '@charla/shared/constants';
import { Icon, type IconProps } from '../../../components/ui/icons.tsx';

/** One line drawing per business template. */
const paths: Record<TemplateKey, ReactNode> = {
  creative: (
    <>
      <path d="M12 3l1.8 4.7 4.7 1.8-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8z" />
      <path d="M18.5 15l.7 1.8 1.8.7-1.8.7-.7 1.8-.7-1.8-1.8-.7 1.8-.7z" />
    </>
  ),
  real_estate: (
    <>
      <path d="M3 11l9-7 9 7" />
      <path d="M5 10v10h14V10" />
      <path d="M10 20v-5h4v5" />
    </>
  ),
  automobile: (
    <>
      <path d="M3 16v-3l2-5h14l2 5v3a1 1 0 01-1 1h-1" />
      <path d="M5 17H4a1 1 0 01-1-1M3 13h18" />
      <circle cx="7.5" cy="17" r="2" />
      <circle cx="16.5" cy="17" r="2" />
      <path d="M9.5 17h5" />
    </>
  ),
  doctor_appointment: (
    <>
      <path d="M6 3v5a4 4 0 008 0V3" />
      <path d="M10 12v3a5 5 0 0010 0v-1" />
      <circle cx="20" cy="12" r="2" />
    </>
  ),
  insurance_seller: (
    <>
      <path d="M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6z" />
      <path d="M8.5 12l2.5 2.5 4.5-5" />
    </>
  ),
  mortgage: (
    <>
      <path d="M3 11l9-7 9 7M5 10v10h14V10" />
      <path d="M12 11v7M14 12.5h-3a1.3 1.3 0 000 2.5h2a1.3 1.3 0 010 2.5h-3" />
    </>
  ),
  travel_agency: (
    <>
      <path d="M10.5 13.5L4 11l1.5-1.5 7 1L17 6a2 2 0 013 3l-4.5 4.5 1 7L15 22l-2.5-6.5" />
      <path d="M7 17l-3 3" />
    </>
  ),
  credits: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 10h18M7 15h4" />
    </>
  ),
  ecommerce: (
    <>
      <path d="M3 4h2l2.4 11h10.2L20 8H6.2" />
      <circle cx="9" cy="19" r="1.5" />
      <circle cx="17" cy="19" r="1.5" />
    </>
  ),
  medical_assistant: (
    <>
      <rect x="4" y="4" width="16" height="16" rx="3" />
      <path d="M12 8v8M8 12h8" />
    </>
  ),
  beauty_spa: (
    <>
      <path d="M12 21c-4-2.5-7-6-7-9.5A3.5 3.5 0 0112 9a3.5 3.5 0 017 2.5c0 3.5-3 7-7 9.5z" />
      <path d="M12 9c0-2.5 1-4.5 3-6M12 9c0-2.5-1-4.5-3-6" />
    </>
  ),
  dry_cleaner: (
    <>
      <path d="M12 7a2 2 0 10-2-2" />
      <path d="M12 7v1.5L3.5 15a1.5 1.5 0 00.9 2.7h15.2a1.5 1.5 0 00.9-2.7L12 8.5" />
    </>
  ),
  event_hall: (
    <>
      <path d="M8 21h8M12 15v6" />
      <path d="M6 3h12l-1 7a5 5 0 01-10 0z" />
      <path d="M6.5 7h11" />
    </>
  ),
  padel_club: (
    <>
      <ellipse cx="10" cy="9" rx="6" ry="6.5" />
      <path d="M14.2 13.6L19 20.5" />
      <path d="M8 7h.01M11 7h.01M8 10h.01M11 10h.01" />
      <circle cx="19" cy="6" r="1.6" />
    </>
  ),
  school_enrollment: (
    <>
      <path d="M2 9l10-5 10 5-10 5z" />
      <path d="M6 11v5c3 2.5 9 2.5 12 0v-5M22 9v6" />
    </>
  ),
  marketing: (
    <>
      <path d="M3 11v2a1 1 0 001 1h2l5 4V6L6 10H4a1 1 0 00-1 1z" />
      <path d="M15.5 8.5a5 5 0 010 7M18.5 6a8.5 8.5 0 010 12" />
    </>
  ),
  courses: (
    <>
      <rect x="3" y="4" width="18" height="13" rx="2" />
      <path d="M10 8.5v5l4-2.5zM8 21h8" />
    </>
  ),
  financial_services: (
    <>
      <path d="M4 20V10M9 20V6M14 20v-8M19 20V4" />
      <path d="M3 20h18" />
    </>
  ),
  autonomous: <circle cx="12" cy="12" r="8" />,
  properties: <circle cx="12" cy="12" r="8" />,
  construction_material: <circle cx="12" cy="12" r="8" />,
};

export function TemplateIcon({ template, ...props }: IconProps & { template: TemplateKey }) {
  return (
    <Icon width="24" height="24" {...props}>
      {paths[template]}
    </Icon>
  );
}

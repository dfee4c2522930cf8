/**
 * The shell's icons, drawn for Milli on a 24-unit grid with round 1.6 strokes in currentColor, so they
 * follow the text colour and need no network request. Decorative: always aria-hidden.
 */
import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/**
 * One path per icon, its strokes and circles written as one outline: every page draws about twenty icons, and
 * one element each instead of two or three keeps the DOM small (issue 40).
 */
function Icon({ size = 22, d, ...rest }: IconProps & { d: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d={d} />
    </svg>
  );
}

export const PhoneIcon = (p: IconProps) => (
  <Icon {...p} d="M5.5 3.5h3l1.5 4-2 1.3a11 11 0 0 0 7.2 7.2l1.3-2 4 1.5v3a2 2 0 0 1-2.2 2A17 17 0 0 1 3.5 5.7a2 2 0 0 1 2-2.2Z" />
);

export const UserIcon = (p: IconProps) => <Icon {...p} d="M8 8a4 4 0 1 0 8 0a4 4 0 1 0 -8 0M4 20.5c1.2-3.8 4.3-5.5 8-5.5s6.8 1.7 8 5.5" />;

export const HeartIcon = (p: IconProps) => <Icon {...p} d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7a4.3 4.3 0 0 1 7.5 2.8C19.5 15.4 12 20 12 20Z" />;

export const BagIcon = (p: IconProps) => <Icon {...p} d="M5 8h14l-1.2 12.2a1 1 0 0 1-1 .8H7.2a1 1 0 0 1-1-.8ZM8.5 10V6.5a3.5 3.5 0 0 1 7 0V10" />;

export const SearchIcon = (p: IconProps) => <Icon {...p} d="M4.5 10.5a6 6 0 1 0 12 0a6 6 0 1 0 -12 0M15 15l5 5" />;

export const MenuIcon = (p: IconProps) => <Icon {...p} d="M4 7h16M4 12h16M4 17h10" />;

export const CloseIcon = (p: IconProps) => <Icon {...p} d="M6 6l12 12M18 6 6 18" />;

export const ChevronDownIcon = (p: IconProps) => <Icon size={14} {...p} d="M6 9l6 6 6-6" />;

export const ArrowUpIcon = (p: IconProps) => <Icon {...p} d="M12 19V5M6 11l6-6 6 6" />;

export const ArrowRightIcon = (p: IconProps) => <Icon size={16} {...p} d="M5 12h14M13 6l6 6-6 6" />;

export const MailIcon = (p: IconProps) => (
  <Icon {...p} d="M5 5.5h14a1.5 1.5 0 0 1 1.5 1.5v10a1.5 1.5 0 0 1 -1.5 1.5h-14a1.5 1.5 0 0 1 -1.5 -1.5v-10a1.5 1.5 0 0 1 1.5 -1.5ZM4 7l8 6 8-6" />
);

export const PinIcon = (p: IconProps) => (
  <Icon {...p} d="M12 21s-6.5-6.2-6.5-11.2a6.5 6.5 0 0 1 13 0C18.5 14.8 12 21 12 21ZM9.7 9.8a2.3 2.3 0 1 0 4.6 0a2.3 2.3 0 1 0 -4.6 0" />
);

/** A brilliant-cut diamond seen from the side: table, crown facets and pavilion. */
export const DiamondIcon = (p: IconProps) => <Icon {...p} d="M7 4h10l4 5-9 11L3 9ZM3 9h18M9.5 4 8 9l4 11 4-11-1.5-5" />;

/** Money back: a rupee sign inside a returning arrow. */
export const MoneyBackIcon = (p: IconProps) => <Icon {...p} d="M20 12a8 8 0 1 1-2.4-5.7M18 3v3.6h-3.6M9.5 8.5h5M9.5 11h5M11 8.5c2.6 0 2.6 5-1.5 5l4 3" />;

/** Exchange and buy-back: two arrows chasing each other. */
export const ExchangeIcon = (p: IconProps) => <Icon {...p} d="M4 9h13l-3.5-3.5M20 15H7l3.5 3.5" />;

/** Certified: a rosette with ribbon tails. */
export const CertifiedIcon = (p: IconProps) => (
  <Icon {...p} d="M6.5 9a5.5 5.5 0 1 0 11 0a5.5 5.5 0 1 0 -11 0M9.8 9l1.5 1.5 3-3M8.5 13.5l-1.5 7 5-2.5 5 2.5-1.5-7" />
);

export const TruckIcon = (p: IconProps) => (
  <Icon
    {...p}
    d="M2.5 6.5h11v9h-11zM13.5 9.5h4l3 3.2v2.8h-7M4.7 17.5a1.8 1.8 0 1 0 3.6 0a1.8 1.8 0 1 0 -3.6 0M15.2 17.5a1.8 1.8 0 1 0 3.6 0a1.8 1.8 0 1 0 -3.6 0"
  />
);

/** Custom design: a pencil sketching a sparkle. */
export const SketchIcon = (p: IconProps) => <Icon {...p} d="M14.5 5.5l4 4L9 19H5v-4ZM18 2.5v3M16.5 4h3" />;

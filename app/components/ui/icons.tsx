import type { ReactNode, SVGProps } from "react";

/**
 * The few icons the public site uses, as inline SVG. Paths from Lucide (ISC licence); drawn
 * here rather than through lucide-react, whose runtime alone would cost 3.4 KB of the page's
 * 120 KB JavaScript budget. Decorative by default (aria-hidden).
 */
type IconProps = Omit<SVGProps<SVGSVGElement>, "children"> & { fill?: string };

function Svg({
  className,
  fill = "none",
  children,
  ...props
}: IconProps & { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill={fill}
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className ?? "size-5"}
      {...props}
    >
      {children}
    </svg>
  );
}

/** An icon from its drawing: the one shape every icon below shares. */
function icon(drawing: ReactNode) {
  return (props: IconProps) => <Svg {...props}>{drawing}</Svg>;
}

export const ChevronDown = icon(<path d="m6 9 6 6 6-6" />);
export const ChevronLeft = icon(<path d="m15 18-6-6 6-6" />);
export const ChevronRight = icon(<path d="m9 18 6-6-6-6" />);
export const MenuIcon = icon(<path d="M4 6h16M4 12h16M4 18h16" />);
export const XIcon = icon(<path d="M18 6 6 18M6 6l12 12" />);
export const ArrowUpRight = icon(<path d="M7 7h10v10M7 17 17 7" />);
export const ArrowRight = icon(<path d="M5 12h14m-7-7 7 7-7 7" />);
export const StarIcon = icon(
  <path d="M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01L12 2z" />,
);
export const PlayIcon = icon(<path d="M6 3l14 9-14 9V3z" />);
export const ExternalLinkIcon = icon(
  <path d="M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" />,
);
export const MailIcon = icon(
  <>
    <rect width="20" height="16" x="2" y="4" rx="2" />
    <path d="m22 7-8.97 5.7a1.94 1.94 0 0 1-2.06 0L2 7" />
  </>,
);
export const MapPinIcon = icon(
  <>
    <path d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0Z" />
    <circle cx="12" cy="10" r="3" />
  </>,
);
export const CheckIcon = icon(<path d="M20 6 9 17l-5-5" />);
export const CalendarIcon = icon(
  <>
    <rect width="18" height="18" x="3" y="4" rx="2" />
    <path d="M16 2v4M8 2v4M3 10h18" />
  </>,
);
export const ExpandIcon = icon(<path d="M15 3h6v6M9 21H3v-6M21 3l-7 7M3 21l7-7" />);
/** Lucide's circle-alert. */
export const AlertCircle = icon(
  <path d="M2 12a10 10 0 1 0 20 0 10 10 0 1 0-20 0M12 8v4m0 4h.01" />,
);

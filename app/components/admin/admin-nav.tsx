import {
  BriefcaseBusiness,
  ChartLine,
  CircleUser,
  Clapperboard,
  DatabaseBackup,
  FileText,
  Film,
  Images,
  Inbox,
  LogOut,
  Menu,
  MessageSquareQuote,
  Presentation,
  ScrollText,
  ShieldCheck,
  Signpost,
  UserCog,
  Users,
  Workflow,
} from "lucide-react";
import { Form, NavLink, useLocation } from "react-router";
import { areaOf, mayEnter } from "~/entities/staff/access";
import type { StaffRole } from "~/lib/values";

/** SPEC section 2: the admin navigation, in this order and with these words (then Backups). */
export const ADMIN_NAV = [
  { label: "Dashboard", to: "/admin", icon: Inbox, end: true },
  { label: "Case Studies", to: "/admin/case-studies", icon: Presentation },
  { label: "Testimonials", to: "/admin/testimonials", icon: MessageSquareQuote },
  { label: "Team Members", to: "/admin/team", icon: Users },
  { label: "Portfolio", to: "/admin/portfolio", icon: Images },
  { label: "Blog Posts", to: "/admin/blog", icon: FileText },
  { label: "Job Applications", to: "/admin/job-applications", icon: BriefcaseBusiness },
  // Issue #31: the old addresses of the content above.
  { label: "Redirects", to: "/admin/redirects", icon: Signpost },
  // Issue #33: what brings visitors and inquiries (admins and editors).
  { label: "Analytics", to: "/admin/analytics", icon: ChartLine },
  // Issue #44: the studio's videos (admins and editors).
  { label: "Media", to: "/admin/media", icon: Film },
  // Issue #45: the client review room (admins and editors).
  { label: "Projects", to: "/admin/projects", icon: Clapperboard },
  // Issue #21: after SPEC section 2's items.
  { label: "Backups", to: "/admin/backups", icon: DatabaseBackup },
  // Issue #49: the background work (admins only).
  { label: "Jobs", to: "/admin/jobs", icon: Workflow },
  // Issue #29.
  { label: "Staff", to: "/admin/staff", icon: UserCog },
  { label: "Audit log", to: "/admin/audit", icon: ScrollText },
  { label: "Your account", to: "/admin/account", icon: CircleUser },
  // Issue #32.
  { label: "Privacy", to: "/admin/privacy", icon: ShieldCheck },
] as const;

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex shrink-0 items-center gap-2.5 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors ${
    isActive
      ? "bg-surface-raised text-ink"
      : "text-ink-muted hover:bg-surface-raised/60 hover:text-ink"
  }`;

/**
 * The navigation of one person: only what their role may open (the policy table). On a phone the
 * list sits behind a "Menu" disclosure (a native <details>, so it opens without JavaScript) instead
 * of a long row scrolled sideways; from lg up it is the sidebar, always open. Only one of the two is
 * displayed at a width, so there is one "Admin" navigation for assistive technology.
 */
export function AdminNav({ role }: { role: StaffRole }) {
  const items = ADMIN_NAV.filter((item) => mayEnter(role, areaOf(item.to)));
  const { pathname } = useLocation();
  const current = items.find((item) =>
    "end" in item ? pathname === item.to : pathname.startsWith(item.to),
  );
  return (
    <>
      {/* Keyed by the address: a client-side navigation closes the menu, as a page load does. */}
      <details key={pathname} className="group lg:hidden">
        <summary className="flex cursor-pointer list-none items-center gap-2.5 rounded-md px-3 py-2 text-sm font-medium text-ink hover:bg-surface-raised/60 [&::-webkit-details-marker]:hidden">
          <Menu aria-hidden="true" className="size-4 shrink-0" />
          Menu
          {current ? (
            <span className="truncate font-normal text-ink-muted">· {current.label}</span>
          ) : null}
        </summary>
        <NavList items={items} className="grid grid-cols-2 gap-1 pt-1 pb-1" />
      </details>
      <div className="hidden lg:block">
        <NavList items={items} className="flex flex-col gap-1" />
      </div>
    </>
  );
}

function NavList({ items, className }: { items: (typeof ADMIN_NAV)[number][]; className: string }) {
  return (
    <nav aria-label="Admin" className="min-w-0">
      <ul className={className}>
        {items.map(({ label, to, icon: Icon, ...rest }) => (
          <li key={to}>
            <NavLink to={to} end={"end" in rest} className={itemClass} prefetch="intent">
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              {label}
            </NavLink>
          </li>
        ))}
        <li>
          <Form method="post" action="/admin/logout" reloadDocument>
            <button
              type="submit"
              className="flex w-full shrink-0 items-center gap-2.5 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-ink-muted hover:bg-surface-raised/60 hover:text-ink"
            >
              <LogOut aria-hidden="true" className="size-4 shrink-0" />
              Logout
            </button>
          </Form>
        </li>
      </ul>
    </nav>
  );
}

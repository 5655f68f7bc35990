import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { ChevronDown, MenuIcon, XIcon } from "~/components/ui/icons";
import { Container } from "~/components/ui/layout";
import { isNavItemActive, NAV_ITEMS, type NavItem } from "~/copy/navigation";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";
import { BookingTrigger } from "./booking/booking";
import { Logo } from "./logo";

/**
 * The top navigation (SPEC section 2). Wide screens: links plus the Services dropdown, open while
 * hovered and from its toggle button (keyboard). Narrow screens: a menu button toggling the list,
 * sub-links indented, closing on choice. Both work without JavaScript (CSS hover/focus-within and
 * <details>), and better with it.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b border-line/70 bg-canvas/95">
      <Container className="flex h-16 items-center justify-between gap-6 md:h-18">
        <Link to="/" className="rounded-md text-ink" prefetch="intent">
          <Logo />
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1 lg:gap-2">
            {NAV_ITEMS.map((item) =>
              item.dropdown ? (
                <ServicesDropdown key={item.href} item={item} pathname={pathname} />
              ) : (
                <li key={item.href}>
                  <TopLink item={item} active={isNavItemActive(item, pathname)} />
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <BookingTrigger
            source="navigation"
            className={buttonClasses({ size: "sm", className: "md:h-10 md:px-5" })}
          />
          <MobileMenu pathname={pathname} />
        </div>
      </Container>
    </header>
  );
}

function TopLink({ item, active }: { item: NavItem; active: boolean }) {
  return (
    <Link
      to={item.href}
      prefetch="intent"
      aria-current={active ? "page" : undefined}
      className="nav-link"
    >
      {item.name}
    </Link>
  );
}

function ServicesDropdown({ item, pathname }: { item: NavItem; pathname: string }) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const active = isNavItemActive(item, pathname);

  // A new page closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const show = () => {
    clearTimeout(closeTimer.current);
    setOpen(true);
  };
  // A short grace period lets the pointer travel from the link to the panel.
  const hide = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpen(false), 150);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && open) {
      event.stopPropagation();
      setOpen(false);
      toggle.current?.focus();
    }
  };
  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    <li
      className="nav-dropdown relative flex items-center"
      data-enhanced={hydrated ? "true" : "false"}
      data-open={open ? "true" : "false"}
      onPointerEnter={(e) => e.pointerType === "mouse" && show()}
      onPointerLeave={(e) => e.pointerType === "mouse" && hide()}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <TopLink item={item} active={active} />
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`${item.name} menu`}
        onClick={() => (open ? setOpen(false) : show())}
        className="-ml-2 grid size-8 place-items-center rounded-full text-ink-muted hover:text-ink"
      >
        <ChevronDown
          aria-hidden="true"
          className={cn("size-4 transition-transform duration-200", open && "rotate-180")}
        />
      </button>
      <div id={menuId} className="nav-dropdown-panel absolute top-full left-0 z-50 pt-3">
        <ul className="w-72 rounded-2xl border border-line bg-surface p-2 shadow-2xl shadow-black/50">
          {item.dropdown?.map((sub) => {
            const current = pathname === sub.href;
            return (
              <li key={sub.href}>
                <Link
                  to={sub.href}
                  prefetch="intent"
                  aria-current={current ? "page" : undefined}
                  onClick={() => setOpen(false)}
                  className="nav-sublink"
                >
                  {sub.name}
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </li>
  );
}

function MobileMenu({ pathname }: { pathname: string }) {
  const [open, setOpen] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        details.current?.querySelector("summary")?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <details
      ref={details}
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="mobile-menu md:hidden"
    >
      <summary
        aria-label="Menu"
        className="grid size-10 cursor-pointer list-none place-items-center rounded-full border border-line text-ink [&::-webkit-details-marker]:hidden"
      >
        {open ? <XIcon className="size-5" /> : <MenuIcon className="size-5" />}
      </summary>
      <nav
        aria-label="Mobile"
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-line bg-canvas"
      >
        <ul className="mx-auto flex max-w-7xl flex-col px-5 py-4 sm:px-8">
          {NAV_ITEMS.map((item) => {
            const active = isNavItemActive(item, pathname);
            return (
              <li key={item.href} className="border-b border-line/60 last:border-b-0">
                <Link
                  to={item.href}
                  aria-current={active ? "page" : undefined}
                  onClick={() => setOpen(false)}
                  className="mobile-link"
                >
                  {item.name}
                  {active ? (
                    <span aria-hidden="true" className="size-2 rounded-full bg-accent" />
                  ) : null}
                </Link>
                {item.dropdown ? (
                  <ul className="mb-3 ml-4 border-l border-line pl-4">
                    {item.dropdown.map((sub) => (
                      <li key={sub.href}>
                        <Link
                          to={sub.href}
                          aria-current={pathname === sub.href ? "page" : undefined}
                          onClick={() => setOpen(false)}
                          className="mobile-sublink"
                        >
                          {sub.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ul>
      </nav>
    </details>
  );
}

import { Link, NavLink, useLocation } from '@remix-run/react';
import { useEffect, useRef, type ReactNode } from 'react';
import {
  ADMIN_NAV_GROUP,
  AUTHORISATION_CARD_LABELS,
  LABELS,
  OPEN_STANDARDS_LABELS,
  ORGANIZATION_ADMIN_NAV_LINKS,
  PERMISSION_NAV_LINKS,
  VERSION_LABEL,
  displayOrganizationName,
  initials,
  navLinksFor,
} from '@datahub/domain';
import type { CurrentUserView as CurrentUser } from '@datahub/api-client';
import { Menu, X } from 'lucide-react';
import { sectionTitle } from '~/lib/core/section-title';
import { TopBarHeading } from '~/components/core/breadcrumb';
import { HelpEntry } from '~/components/core/help-entry';
import { Logo } from '~/components/core/logo';
import { RatingPrompt } from '~/components/insight/rating-prompt';
import { NavIcon } from '~/components/core/nav-icons';

const DRAWER_ID = 'hoofdmenu';
const TOGGLE_ID = 'hoofdmenu-open';

/** The count is a badge for the eye and a description for screen readers, so the link's name stays the entry's label. */
function DrawerLink({ to, label, count = 0 }: { to: string; label: string; count?: number }) {
  const countId = `${to.slice(1)}-aantal`;
  return (
    <li>
      <NavLink
        aria-describedby={count > 0 ? countId : undefined}
        to={to}
        className={({ isActive }) =>
          `flex items-center gap-3 rounded-md px-3 py-1.5 text-sm font-medium transition ${
            isActive ? 'bg-brand-100 text-brand-900' : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900'
          }`
        }
      >
        <NavIcon to={to} />
        <span className="min-w-0">{label}</span>
        {count > 0 ? (
          <span aria-hidden="true" className="ml-auto rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white" data-testid="menu-count">
            {count}
          </span>
        ) : null}
      </NavLink>
      {count > 0 ? (
        <span id={countId} hidden>
          {AUTHORISATION_CARD_LABELS.openRequests(count)}
        </span>
      ) : null}
    </li>
  );
}

/** On narrow screens a checkbox toggle opens the drawer, so it works without JavaScript; with it, it also closes on navigation and Escape. */
export function AppShell({ user, openRequests = 0, children }: { user: CurrentUser; openRequests?: number; children: ReactNode }) {
  const toggle = useRef<HTMLInputElement>(null);
  const location = useLocation();

  useEffect(() => {
    if (toggle.current) toggle.current.checked = false;
  }, [location.key]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && toggle.current?.checked) toggle.current.checked = false;
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const organizationName = displayOrganizationName(user.organization_name);
  const title = sectionTitle(location.pathname);

  return (
    <div className="min-h-screen lg:flex">
      <a
        href="#inhoud"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        {LABELS.skipToContent}
      </a>
      <input
        ref={toggle}
        id={TOGGLE_ID}
        type="checkbox"
        className="peer sr-only lg:hidden"
        aria-controls={DRAWER_ID}
        aria-label={LABELS.menu}
      />
      <aside
        id={DRAWER_ID}
        className="invisible fixed inset-y-0 left-0 z-40 flex w-72 -translate-x-full flex-col border-r border-stone-200 bg-white shadow-xl transition duration-200 peer-checked:visible peer-checked:translate-x-0 lg:visible lg:sticky lg:top-0 lg:h-screen lg:w-64 lg:translate-x-0 lg:shadow-none"
      >
        <div className="flex items-center justify-between gap-3 border-b border-stone-200 px-5 py-3">
          <Link to="/" className="flex items-center gap-3 font-semibold text-stone-900">
            <Logo />
            <span>{LABELS.productName}</span>
          </Link>
          <label
            htmlFor={TOGGLE_ID}
            className="cursor-pointer rounded-md p-1 text-stone-500 hover:bg-stone-100 hover:text-stone-900 lg:hidden"
          >
            <span className="sr-only">{LABELS.closeMenu}</span>
            <X aria-hidden="true" className="h-5 w-5" />
          </label>
        </div>
        {/* Compact enough that the platform admin's whole menu fits 1280×800 without scrolling. */}
        <nav aria-label={LABELS.mainNavigation} className="flex-1 overflow-y-auto px-3 py-3">
          <ul className="space-y-0.5">
            {/* Only entries whose page the user may open: no link that ends in 'onvoldoende rechten'. */}
            {navLinksFor(user.permissions).map((link) => (
              <DrawerLink key={link.to} {...link} count={link.to === '/machtigingen' ? openRequests : 0} />
            ))}
            {user.organization_admin
              ? ORGANIZATION_ADMIN_NAV_LINKS.map((link) => <DrawerLink key={link.to} {...link} />)
              : null}
            {PERMISSION_NAV_LINKS.filter((link) => user.permissions.includes(link.permission)).map((link) => (
              <DrawerLink key={link.to} to={link.to} label={link.label} />
            ))}
          </ul>
          {user.organization_admin ? (
            <div className="mt-4">
              <h2 id="beheer-menu" className="px-3 text-xs font-semibold uppercase tracking-wider text-stone-500">
                {ADMIN_NAV_GROUP.label}
              </h2>
              <ul aria-labelledby="beheer-menu" className="mt-1 space-y-0.5">
                {ADMIN_NAV_GROUP.links.map((link) => (
                  <DrawerLink key={link.to} {...link} />
                ))}
              </ul>
            </div>
          ) : null}
        </nav>
        <div className="flex items-center justify-between gap-3 border-t border-stone-200 px-5 py-3">
          <div className="min-w-0">
            <p className="truncate text-sm font-medium text-stone-900" title={`${user.firstname} ${user.lastname}`}>
              {user.firstname} {user.lastname}
            </p>
            {organizationName ? <p className="truncate text-sm text-stone-500" title={organizationName}>{organizationName}</p> : null}
          </div>
          {/* A plain GET: nest-api revokes the session, clears the cookies and sends us to /inloggen. */}
          <form method="get" action="/api/logout" noValidate className="shrink-0">
            <button
              type="submit"
              className="rounded-md border border-stone-300 px-3 py-1.5 text-sm font-medium text-stone-700 transition hover:bg-stone-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              {LABELS.logout}
            </button>
          </form>
        </div>
      </aside>
      {/* The dimmed backdrop closes the drawer on a tap; the menu button is the accessible control. */}
      {/* eslint-disable-next-line jsx-a11y/label-has-associated-control */}
      <label htmlFor={TOGGLE_ID} aria-hidden="true" className="fixed inset-0 z-30 hidden bg-stone-900/40 peer-checked:block lg:!hidden" />

      <div className="flex min-h-screen min-w-0 flex-1 flex-col peer-focus-visible:[&_.menu-button]:ring-2 peer-focus-visible:[&_.menu-button]:ring-brand-500">
        {/* On phones a breadcrumb gets its own full-width row under the buttons (readable at 390 px). */}
        <header className="sticky top-0 z-20 flex min-h-16 flex-wrap items-center justify-between gap-x-4 border-b border-stone-200 bg-white/90 px-4 backdrop-blur sm:h-16 sm:flex-nowrap sm:px-6">
          <div className="flex h-16 shrink-0 items-center gap-3 lg:hidden">
            <label
              htmlFor={TOGGLE_ID}
              className="menu-button inline-flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium text-stone-700 hover:bg-stone-100 lg:hidden"
            >
              <Menu aria-hidden="true" className="h-5 w-5" />
              <span>{LABELS.menu}</span>
            </label>
            <Link to="/" className="flex shrink-0 items-center gap-2 font-semibold text-stone-900 lg:hidden">
              <Logo />
              <span className="sr-only">{LABELS.productName}</span>
            </Link>
          </div>
          <TopBarHeading title={title} />
          <div className="flex shrink-0 items-center gap-2">
          <HelpEntry email={user.email} organization={organizationName} />
          <Link
            to="/profiel"
            aria-label={LABELS.profileLinkNamed(initials(user.firstname))}
            title={LABELS.profileLink}
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
          >
            {initials(user.firstname)}
          </Link>
          </div>
        </header>
        <RatingPrompt />
        <main id="inhoud" className="flex-1 px-4 py-8 sm:px-8">
          <div className="mx-auto max-w-4xl">{children}</div>
        </main>
        <footer className="border-t border-stone-200 px-4 py-4 text-sm text-stone-500 sm:px-8">
          <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-2">
            <span>{VERSION_LABEL}</span>
            {/* The open DCAT-AP-NL catalogue (an /api resource: a plain link, not client navigation). */}
            <a href={OPEN_STANDARDS_LABELS.openCatalogueHref} className="font-medium text-brand-700 underline-offset-2 hover:underline">
              {OPEN_STANDARDS_LABELS.openCatalogue}
            </a>
            <span>
              {LABELS.builtBy}{' '}
              <a href={LABELS.builderUrl} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                {LABELS.builderName}
              </a>
            </span>
          </div>
        </footer>
      </div>
    </div>
  );
}

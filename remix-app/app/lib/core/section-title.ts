import { ADMIN_NAV_GROUP, HOME_SECTION_TITLE, NAV_LINKS, ORGANIZATION_ADMIN_NAV_LINKS, PERMISSION_NAV_LINKS, SECTION_TITLES } from '@datahub/domain';

const MENU = [...NAV_LINKS, ...ORGANIZATION_ADMIN_NAV_LINKS, ...PERMISSION_NAV_LINKS, ...ADMIN_NAV_GROUP.links];

/** The longest matching menu entry, else its section. */
export function sectionTitle(pathname: string): string {
  if (pathname === '/') return HOME_SECTION_TITLE;
  const menu = MENU.filter((link) => pathname === link.to || pathname.startsWith(`${link.to}/`)).sort((a, b) => b.to.length - a.to.length)[0];
  if (menu) return menu.label;
  return SECTION_TITLES.find((section) => pathname.startsWith(section.prefix))?.label ?? '';
}

import {
  AppWindow,
  Building,
  Building2,
  ChartColumn,
  Timer,
  Database,
  DatabaseZap,
  FolderOpen,
  KeyRound,
  LifeBuoy,
  LayoutGrid,
  ScrollText,
  Server,
  User,
  Users,
  type LucideIcon,
} from 'lucide-react';

/** Decorative: the label names the link. */
const ICONS: Record<string, LucideIcon> = {
  '/applicaties': AppWindow,
  '/datasets': Database,
  '/profiel': User,
  '/mijn-organisatie': Building2,
  '/mijn-gebruikers': Users,
  '/databronnen': Server,
  '/mijn-datasets': FolderOpen,
  '/machtigingen': KeyRound,
  '/mijn-applicaties': LayoutGrid,
  '/organisaties': Building,
  '/beheer-applicaties': AppWindow,
  '/beheer-datasets': DatabaseZap,
  '/beheer-inzicht': ChartColumn,
  '/beheer-hulp': LifeBuoy,
  '/beheer-taken': Timer,
  '/logboek': ScrollText,
};

export function NavIcon({ to }: { to: string }) {
  const Icon = ICONS[to] ?? LayoutGrid;
  return <Icon aria-hidden="true" className="h-4 w-4 shrink-0" strokeWidth={2} />;
}

import { Building2 } from 'lucide-react';

/** For an organisation without a real name yet: never '··' nor the initials of its tmp_ name. Decorative, as the initials are. */
export function NoNameAvatar({ sizeClass = 'h-12 w-12' }: { sizeClass?: string }) {
  return (
    <span aria-hidden="true" data-testid="no-name-avatar" className={`${sizeClass} flex shrink-0 items-center justify-center rounded-full bg-stone-100 text-stone-500`}>
      <Building2 className="h-1/2 w-1/2" strokeWidth={1.75} focusable="false" />
    </span>
  );
}

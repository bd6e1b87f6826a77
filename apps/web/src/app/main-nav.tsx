import { clsx } from 'clsx';
import { NavLink } from 'react-router';

const links = [
  { to: '/story', label: 'Home', end: true },
  { to: '/story/my', label: 'My stories', end: false },
  { to: '/story/community', label: 'Community', end: false },
];

/** Home, My stories, Community. */
export function MainNav({ className }: { className?: string }) {
  return (
    <nav aria-label="Main" className={clsx('flex items-center gap-1', className)}>
      {links.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end={link.end}
          className={({ isActive }) =>
            clsx(
              'rounded-full px-3.5 py-1.5 text-sm font-medium whitespace-nowrap transition-colors',
              isActive
                ? 'bg-zinc-900 text-white'
                : 'text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900',
            )
          }
        >
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}

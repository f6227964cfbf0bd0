import { NavLink } from 'react-router';

import './tab-nav.css';

export type TabNavItem = {
  label: string;
  to: string;
  /** Active only on exactly this path (not on paths below it). */
  end?: boolean;
};

type TabNavProps = {
  items: readonly TabNavItem[];
  /** Accessible name of the tab row, e.g. `종목 메뉴`. */
  label: string;
  /** `primary`: the page's main tabs; `secondary`: smaller tabs inside a tab. */
  variant?: 'primary' | 'secondary';
};

/**
 * A row of tabs that are links: the tab is part of the URL, so reload, share,
 * back and forward keep it. The active tab has `aria-current="page"`.
 */
export function TabNav({ items, label, variant = 'primary' }: TabNavProps) {
  return (
    <nav className={`tab-nav tab-nav--${variant}`} aria-label={label}>
      {items.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          end={item.end ?? false}
          className={({ isActive }) => (isActive ? 'tab-nav__item tab-nav__item--active' : 'tab-nav__item')}
        >
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
}

import type { ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';

import { ScrollToTopButton } from '@/components/ui/scroll-to-top-button';
import { paths } from '@/config/paths';
import { useHydrated } from '@/lib/use-hydrated';

import './app-layout.css';

const NAV_ITEMS = [
  { label: '홈', to: paths.home.getHref(), end: true },
  { label: '트렌드', to: paths.trend.getHref(), end: false },
  { label: '뉴스', to: paths.news.getHref(), end: false },
  { label: '검색', to: paths.search.getHref(), end: false },
  // Active on every /m/my/* screen too.
  { label: 'MY', to: paths.my.getHref(), end: false },
] as const;

function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  // The first entry of this app's history has the key "default": there is no
  // page of ours to go back to, so go home instead. A prerendered page was rendered as
  // that first entry; a reload of a later entry says otherwise only once it is hydrated.
  const canGoBack = useHydrated() && location.key !== 'default';
  // On a freshly opened home page the button would lead nowhere: leave its cell empty.
  if (!canGoBack && location.pathname === paths.home.getHref()) return <span />;
  return (
    <button
      type="button"
      className="app-header__back"
      aria-label="뒤로 가기"
      onClick={() => {
        if (canGoBack) void navigate(-1);
        else void navigate(paths.home.getHref());
      }}
    >
      <span aria-hidden="true">‹</span>
    </button>
  );
}

type AppLayoutProps = {
  children: ReactNode;
  /** The header's right-hand cell (the app puts the sign-in entry there); empty by default. */
  headerEnd?: ReactNode;
};

/** Header bar, content and bottom tab bar of every screen. */
export function AppLayout({ children, headerEnd }: AppLayoutProps) {
  return (
    <div className="app">
      <header className="app-header">
        <BackButton />
        <Link to={paths.home.getHref()} className="app-header__title">
          시세
        </Link>
        {headerEnd ?? <span className="app-header__spacer" />}
      </header>
      <main className="app-main">{children}</main>
      <ScrollToTopButton />
      <nav className="app-nav" aria-label="주요 메뉴">
        {NAV_ITEMS.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            end={item.end}
            className={({ isActive }) => (isActive ? 'app-nav__item app-nav__item--active' : 'app-nav__item')}
          >
            {item.label}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}

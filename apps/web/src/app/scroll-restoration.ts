import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** React Router's own key, so positions saved before this hook replaced its ScrollRestoration still apply. */
const STORAGE_KEY = 'react-router-scroll-positions';

/** Window scroll positions by history entry (location.key), kept across reloads in sessionStorage. */
let positions: Record<string, number> | null = null;

function savedPositions(): Record<string, number> {
  if (positions === null) {
    try {
      positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
    } catch {
      positions = {};
    }
  }
  return positions;
}

/**
 * What React Router's `<ScrollRestoration />` did for its data router (which the app no longer uses,
 * docs/decisions/0465): back and forward, and a reload, return to the entry's scroll position; a new
 * address with a hash scrolls to that element; any other new address starts at the top.
 */
export function useScrollRestoration(): void {
  const location = useLocation();

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  // The entry's position as the visitor scrolls, written to sessionStorage when the page goes away. Removed in
  // the commit that shows the next address, so the scroll a shorter page causes is not counted for this one.
  useLayoutEffect(() => {
    const { key } = location;
    const save = () => {
      savedPositions()[key] = window.scrollY;
    };
    const persist = () => {
      save();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(savedPositions()));
      } catch {
        // Storage full or blocked: positions are kept for this page's life only.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', save, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', save);
      window.removeEventListener('pagehide', persist);
    };
  }, [location]);

  useLayoutEffect(() => {
    const y = savedPositions()[location.key];
    if (typeof y === 'number') {
      window.scrollTo(0, y);
      return;
    }
    if (location.hash) {
      try {
        const element = document.getElementById(decodeURIComponent(location.hash.slice(1)));
        if (element) {
          element.scrollIntoView();
          return;
        }
      } catch {
        // Not a decodable element id: the top, as for an address without a hash.
      }
    }
    window.scrollTo(0, 0);
  }, [location]);
}

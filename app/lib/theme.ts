/** Light, dark or system, stored under 'theme'; the toggle flips light/dark. */
export type ThemePreference = 'light' | 'dark' | 'system'
export const THEME_STORAGE_KEY = 'theme'

/**
 * Runs inline in <head> before first paint, so the page never flashes the wrong theme.
 * Kept tiny and dependency-free; it also follows the system while the preference is 'system'.
 */
export const themeBootScript = `(() => {
  const key = ${JSON.stringify(THEME_STORAGE_KEY)};
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () => {
    let stored = null;
    try { stored = localStorage.getItem(key); } catch {}
    const dark = stored === 'dark' || ((stored !== 'light') && media.matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  };
  apply();
  media.addEventListener('change', apply);
  window.addEventListener('storage', (event) => { if (event.key === key) apply(); });
})();`

export function currentTheme(): 'light' | 'dark' {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light'
}

export function setTheme(theme: 'light' | 'dark'): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme)
  } catch {
    // Private mode or storage disabled: the theme still changes for this page view.
  }
  document.documentElement.classList.toggle('dark', theme === 'dark')
  document.documentElement.style.colorScheme = theme
}

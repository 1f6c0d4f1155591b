// Sets the theme before the first paint (src/lib/theme.ts keeps it afterwards): the choice kept
// on this device ('light', 'dark'), else the system's setting.
(() => {
  let choice = null;
  try {
    choice = localStorage.getItem('balancer-theme');
  } catch {}
  const dark =
    choice === 'dark' || (choice !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
})();

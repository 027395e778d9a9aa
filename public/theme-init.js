// Runs before first paint: picks the stored theme (lifeline-theme, else lifeline-ui-theme, else
// system) and sets the class on <html>, so a dark-mode user never sees a white flash.
(function () {
  try {
    var stored =
      localStorage.getItem('lifeline-theme') || localStorage.getItem('lifeline-ui-theme');
    var choice = stored === 'light' || stored === 'dark' ? stored : 'system';
    var dark =
      choice === 'dark' ||
      (choice === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.add(dark ? 'dark' : 'light');
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch {
    /* storage blocked: the app applies the system theme once it starts */
  }
})();

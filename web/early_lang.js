'use strict';
// The start screen's language before the wasm runs (docs/languages.md). The server names
// the languages it offers (window.brassLanguages); this picks the device's: the one chosen
// here (brass/lang, written by the app) or the browser's preferred one among those offered,
// as app.MatchLanguage does. For any but English it fetches the catalog at once, leaves
// the fetch for the app to read (window.brassCatalog: the app waits for it before its
// first render, so nothing shows in another language first), and words the prerendered
// elements that name their key (data-t) as soon as both are there.
(() => {
  const offered = Array.isArray(window.brassLanguages) ? window.brassLanguages : [];
  const find = (t) => offered.find((l) => l.tag.toLowerCase() === t);
  let tag = '';
  try { tag = JSON.parse(localStorage.getItem('brass/lang') || '""'); } catch (e) { tag = ''; }
  if (typeof tag !== 'string' || !find(tag.toLowerCase())) {
    tag = 'en';
    for (const want of navigator.languages || [navigator.language || '']) {
      const w = String(want).toLowerCase();
      const hit = find(w) || find(w.split('-')[0]);
      if (hit) { tag = hit.tag; break; }
    }
  }
  if (tag === 'en') return;
  document.documentElement.lang = tag;
  const text = fetch('/web/lang/' + tag + '.json')
    .then((r) => (r.ok ? r.text() : Promise.reject(new Error('the catalog ' + tag + ' is not offered'))));
  window.brassCatalogTag = tag;
  window.brassCatalog = text;
  // Only messages without placeholders are worded here; the app words the rest when it runs.
  const word = (cat, root) => {
    for (const el of root.querySelectorAll('[data-t]')) {
      const m = cat[el.dataset.t];
      if (typeof m === 'string' && !m.includes('{')) el.textContent = m;
    }
    const picker = document.getElementById('language');
    if (picker) picker.value = tag;
  };
  text.then((t) => {
    const cat = JSON.parse(t);
    // web/early.js calls this on the dialogs it puts in the page later.
    window.brassWord = (root) => word(cat, root);
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => word(cat, document), { once: true });
    else word(cat, document);
  }).catch(() => { /* English stays; the app says why when it is chosen again */ });
})();

'use strict';
// The start screen before the wasm runs (issue 24). On a phone the module takes seconds to
// arrive and start, so the prerendered page works without it: New game and Play online open
// their dialogs (the server draws them, closed, with every field, and serves them apart;
// web/app.css shows the fields that apply), a join link (#join=CODE) opens the online dialog with its code, and the
// fields take input natively. Nothing is decided here: every open, close, field change and
// press of Start or Join is recorded in order, in memory only (a reload keeps nothing), and
// when the Go app starts it takes the record (brassEarly.take, ui/early.go) and replays it
// through the dialogs' own code, so the rules (colours stay distinct, player counts per
// edition, what a name may be) are Go's alone. A Start or Join pressed early shows
// "Starting…" and runs once, when the app can run it.
//
// The server inlines this script in the page's head, so it works from the first paint: it
// listens on the document (the elements are not parsed yet) and looks them up when used.
(() => {
  const MAX_EVENTS = 400; // a record longer than a person types before the app starts is cut
  const MAX_VALUE = 200;
  const DIALOGS = '#new-game-dialog, #online-dialog';
  const events = [];
  let taken = false;
  let busy = false; // Start or Join was pressed: the form waits for the app
  let opener = null; // the button that opened the open dialog, for the focus on close

  const $ = (id) => document.getElementById(id);
  const record = (ev) => {
    if (events.length < MAX_EVENTS) events.push(ev);
  };

  // The dialogs' markup is the app's own components drawn by the server (ui.EarlyDialogsHTML),
  // served apart from the page so that the first paint parses none of it: fetched now,
  // beside the wasm, parsed when the browser is idle, put in the page when first needed.
  let resume = false; // a game to resume opens by itself: see below
  try { resume = !!JSON.parse(localStorage.getItem('brass/current') || '""'); } catch (e) { resume = false; }
  const markup = resume ? Promise.resolve('')
    : fetch('/early-dialogs.html').then((r) => (r.ok ? r.text() : '')).catch(() => '');
  let tpl = null;
  const parse = (html) => {
    if (!tpl && html) {
      tpl = document.createElement('template');
      tpl.innerHTML = html;
    }
  };
  markup.then((html) => (window.requestIdleCallback ? requestIdleCallback(() => parse(html), { timeout: 2000 }) : parse(html)));

  // dialogs puts the dialogs in the start screen, once; it tells whether they are there.
  async function dialogs() {
    if ($('new-game-dialog')) return true;
    parse(await markup);
    const start = document.querySelector('.start');
    if (!tpl || !start || taken) return false;
    start.append(tpl.content);
    if (window.brassWord) window.brassWord(start); // their words in the device's language (early_lang.js)
    // The player's name and colour from the last online game, as the app fills them in.
    try {
      const p = JSON.parse(localStorage.getItem('brass/profile') || 'null');
      if (p && typeof p.name === 'string') $('ol-name').value = p.name;
      const sw = p && document.querySelector(`input[name="ol-colour"][value="${CSS.escape(String(p.colour))}"]`);
      if (sw) sw.checked = true;
    } catch (e) { /* no profile: the fields stay empty */ }
    return true;
  }

  window.brassEarly = {
    // take hands the record to the app, once; from then on the app's own page is in charge.
    take() {
      if (taken) return '';
      taken = true;
      const focus = document.activeElement && document.activeElement.id || '';
      return JSON.stringify({ events, focus });
    },
  };

  // With a game to resume, this page stays idle and keeps its buttons disabled, as the app
  // would show them while loading.
  const idle = () => taken || resume;

  async function open(dialogId, button, focusId) {
    if (!(await dialogs())) return false;
    const dlg = $(dialogId);
    if (taken || dlg.open) return false;
    record({ t: 'open', id: dialogId, v: '' });
    opener = button;
    dlg.showModal();
    const f = $(focusId);
    if (f) f.focus();
    return true;
  }

  document.addEventListener('click', (e) => {
    const el = e.target.closest && e.target.closest('#new-game, #play-online, #ng-cancel, #ol-cancel');
    if (!el || idle()) return;
    if (el.id === 'new-game') open('new-game-dialog', el, 'ng-name-1');
    else if (el.id === 'play-online') open('online-dialog', el, 'ol-name');
    else if (!busy) el.closest('dialog').close();
  });

  // close and cancel do not bubble: listened to on the way down.
  document.addEventListener('close', (e) => {
    if (idle() || !e.target.matches(DIALOGS)) return;
    record({ t: 'close', id: e.target.id });
    if (opener) opener.focus();
  }, true);
  document.addEventListener('cancel', (e) => {
    if (!idle() && busy && e.target.matches(DIALOGS)) e.preventDefault(); // Escape after Start
  }, true);

  const onField = (e) => {
    const el = e.target;
    if (idle() || busy || !el.id || !el.closest(DIALOGS)) return;
    // text fields report as they are typed, the others when they change
    if ((el.type === 'text') !== (e.type === 'input')) return;
    const v = String(el.value || '').slice(0, MAX_VALUE);
    const last = events[events.length - 1];
    if (e.type === 'input' && last && last.t === 'input' && last.id === el.id) {
      last.v = v; // typing: one event per field, its latest value
      return;
    }
    record({ t: e.type, id: el.id, v, c: !!el.checked });
  };
  document.addEventListener('input', onField, true);
  document.addEventListener('change', onField, true);

  document.addEventListener('submit', (e) => {
    const dlg = e.target.closest(DIALOGS);
    if (!dlg || idle()) return;
    e.preventDefault();
    if (busy) return;
    busy = true;
    record({ t: 'submit', id: dlg.id });
    const go = dlg.querySelector('button[type="submit"]');
    go.textContent = dlg.id === 'online-dialog' && $('ol-join').checked ? 'Joining…' : 'Starting…';
    go.setAttribute('aria-busy', 'true');
    for (const el of e.target.elements) {
      if (el !== go) el.disabled = true;
    }
    go.focus();
  }, true);

  // Once the page is parsed: the idle page's buttons, a join link.
  function parsed() {
    if (resume) {
      for (const id of ['new-game', 'play-online']) {
        if ($(id)) $(id).disabled = true;
      }
      return;
    }
    // A join link: the online dialog opens to join that room. The app reads the link too and
    // takes it from the record as shown already.
    const m = /^#join=(.+)$/.exec(location.hash);
    if (taken || !m) return;
    let code = m[1];
    try { code = decodeURIComponent(code); } catch (e) { /* as written */ }
    code = code.slice(0, MAX_VALUE);
    dialogs().then((there) => {
      if (!there || taken) return;
      $('ol-join').checked = true;
      $('ol-code').value = code;
      return open('online-dialog', $('play-online'), 'ol-name');
    }).then((opened) => {
      if (opened) events[events.length - 1].v = code;
    });
  }
  if (document.readyState === 'loading') {
    document.addEventListener('readystatechange', () => parsed(), { once: true });
  } else {
    parsed();
  }
})();

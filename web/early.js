'use strict';
// The start screen before the wasm runs (issue 24). On a phone the module takes seconds to
// arrive and start, so the prerendered page works without it: New game and Play online open
// their dialogs (the server prerenders them closed, with every field: web/app.css shows the
// ones that apply), a join link (#join=CODE) opens the online dialog with its code, and the
// fields take input natively. Nothing is decided here: every open, close, field change and
// press of Start or Join is recorded in order, in memory only (a reload keeps nothing), and
// when the Go app starts it takes the record (brassEarly.take, ui/early.go) and replays it
// through the dialogs' own code, so the rules (colours stay distinct, player counts per
// edition, what a name may be) are Go's alone. A Start or Join pressed early shows
// "Starting…" and runs once, when the app can run it.
(() => {
  const MAX_EVENTS = 400; // a record longer than a person types before the app starts is cut
  const MAX_VALUE = 200;
  const events = [];
  let taken = false;
  let busy = false; // Start or Join was pressed: the form waits for the app
  let opener = null; // the button that opened the open dialog, for the focus on close

  const $ = (id) => document.getElementById(id);
  const record = (ev) => {
    if (taken || events.length >= MAX_EVENTS) return;
    events.push(ev);
  };

  // take hands the record to the app, once; from then on the app's own page is in charge.
  window.brassEarly = {
    take() {
      if (taken) return '';
      taken = true;
      const focus = document.activeElement && document.activeElement.id || '';
      return JSON.stringify({ events, focus });
    },
  };

  // A game to resume opens by itself when the app starts: then the early screen stays idle
  // and says so by keeping its buttons disabled, as the app would show them while loading.
  let current = '';
  try { current = JSON.parse(localStorage.getItem('brass/current') || '""'); } catch (e) { current = ''; }

  function open(dialogId, button) {
    const dlg = $(dialogId);
    if (!dlg || dlg.open || taken) return;
    opener = button;
    dlg.showModal();
  }

  function wire() {
    const newGame = $('new-game');
    const online = $('play-online');
    if (!newGame || !online || !$('new-game-dialog') || !$('online-dialog')) return;
    if (current) {
      newGame.disabled = true;
      online.disabled = true;
      return;
    }
    newGame.addEventListener('click', () => {
      if (taken) return;
      record({ t: 'open', id: 'new-game-dialog' });
      open('new-game-dialog', newGame);
      $('ng-name-1').focus();
    });
    online.addEventListener('click', () => {
      if (taken) return;
      record({ t: 'open', id: 'online-dialog' });
      open('online-dialog', online);
      $('ol-name').focus();
    });

    for (const dlg of [$('new-game-dialog'), $('online-dialog')]) {
      dlg.addEventListener('close', () => {
        if (taken) return;
        record({ t: 'close', id: dlg.id });
        if (opener) opener.focus();
      });
      dlg.addEventListener('cancel', (e) => {
        if (busy) e.preventDefault(); // Escape after Start: the game is on its way
      });
      const onField = (e) => {
        const el = e.target;
        if (taken || busy || !el.id) return;
        const ev = { t: e.type, id: el.id, v: String(el.value || '').slice(0, MAX_VALUE), c: !!el.checked };
        const last = events[events.length - 1];
        if (e.type === 'input' && last && last.t === 'input' && last.id === el.id) {
          last.v = ev.v; // typing: one event per field, its latest value
          return;
        }
        record(ev);
      };
      dlg.addEventListener('input', (e) => { if (e.target.type === 'text') onField(e); });
      dlg.addEventListener('change', (e) => { if (e.target.type !== 'text') onField(e); });
      dlg.querySelector('form').addEventListener('submit', (e) => {
        e.preventDefault();
        if (taken || busy) return;
        busy = true;
        record({ t: 'submit', id: dlg.id });
        const go = dlg.querySelector('button[type="submit"]');
        const joining = dlg.id === 'online-dialog' && $('ol-join').checked;
        go.textContent = joining ? 'Joining…' : 'Starting…';
        go.setAttribute('aria-busy', 'true');
        for (const el of dlg.querySelector('form').elements) {
          if (el !== go) el.disabled = true;
        }
        go.focus();
      });
    }
    for (const id of ['ng-cancel', 'ol-cancel']) {
      $(id).addEventListener('click', () => {
        if (!taken && !busy) $(id).closest('dialog').close();
      });
    }

    // A join link: the online dialog opens to join that room. The app reads the link too and
    // takes it from the record as already shown.
    const m = /^#join=(.+)$/.exec(location.hash);
    if (m) {
      const code = decodeURIComponent(m[1]).slice(0, MAX_VALUE);
      record({ t: 'open', id: 'online-dialog', v: code });
      $('ol-join').checked = true;
      $('ol-code').value = code;
      open('online-dialog', online);
      $('ol-name').focus();
    }

    // The player's name and colour from the last online game, as the app fills them in.
    try {
      const p = JSON.parse(localStorage.getItem('brass/profile') || 'null');
      if (p && typeof p.name === 'string') $('ol-name').value = p.name;
      const sw = p && document.querySelector(`input[name="ol-colour"][value="${CSS.escape(p.colour)}"]`);
      if (sw) sw.checked = true;
    } catch (e) { /* no profile: the fields stay empty */ }
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', wire);
  } else {
    wire();
  }
})();

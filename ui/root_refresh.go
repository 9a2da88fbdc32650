package ui

import (
	"strconv"
	"time"

	"brass/app"
	"brass/lang"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The start screen's own-pace games are kept up to date while its list is in view: the
// root's app.PaceRefresher visits them in the background, one at a time, and every game the
// screen opens goes through it (openGame), so that a device never runs two visits of one
// game (app/pacerefresh.go).

// newRefresher makes the page's refresher of the own-pace games in store. A debug aid the
// browser test sets, brass/debug-refresh-s (seconds), shortens the pause between rounds and
// between two visits of a game (by default 3 minutes and one).
func (r *root) newRefresher(store app.Store) *app.PaceRefresher {
	cfg := app.RefreshConfig{Options: onlineOptions, Run: r.refreshRun, Changed: r.refreshed, Began: r.refreshBegan}
	if s, err := strconv.Atoi(debugItem("brass/debug-refresh-s")); err == nil && s > 0 {
		cfg.Every, cfg.Gap = time.Duration(s)*time.Second, time.Duration(s)*time.Second
	}
	return app.NewPaceRefresher(store, cfg)
}

// refreshRun runs the refresher's work on the UI goroutine. The page renders again only when
// something it shows changed (render), not for every message a background visit reads.
func (r *root) refreshRun(f func()) {
	r.ctx.Dispatch(func(ctx goapp.Context) {
		r.render = false
		f()
		if !r.render {
			ctx.PreventUpdate()
		}
	})
}

// refreshed: a refresh began or ended; the list is read again, and the title and the app's
// badge count the games awaiting this player as refreshed.
func (r *root) refreshed() {
	r.render = true
	r.listed++
	showAwaiting(r.store, r.current)
}

// refreshBegan: a game began in a background refresh of its lobby. With notifications on,
// its seat subscribes now, as when it begins on the screen (root.changed).
func (r *root) refreshBegan(id string) {
	if pushOn() && r.store != nil {
		store := r.store
		r.ctx.Async(func() { _, _ = setPush(store, true) })
	}
}

// listShown is the start screen's word that its list is in view (no dialog over it, the tab
// visible) or not: the refreshes run only while it is.
func (r *root) listShown(shown bool) {
	switch {
	case r.refresher == nil:
	case shown && r.session == nil:
		r.refresher.Resume()
	default:
		r.refresher.Pause()
	}
}

// openGame opens a game for the screen through the refresher: once no background visit of
// it runs, open makes the session and then gets it. A session made when another game has
// been opened meanwhile is closed again.
func (r *root) openGame(id string, open func() (app.Session, error), then func(app.Session, error)) {
	if r.refresher == nil {
		then(open())
		return
	}
	r.refresher.Open(id, open, func(s app.Session, err error) {
		r.render = true
		if err == nil && r.session != nil {
			r.refresher.Leave(id, s)
			return
		}
		then(s, err)
	})
}

// resumeSaved opens a saved game (a notification's link while the page shows the list).
func (r *root) resumeSaved(id string) {
	r.openGame(id, func() (app.Session, error) { return app.OpenSaved(r.store, id, onlineOptions()) }, func(s app.Session, err error) {
		if err != nil {
			r.notice = lang.T("root.open_error", lang.S("error", err.Error()))
			return
		}
		r.play(r.ctx, s)
	})
}

package ui

import (
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// idleTimeout is the longest whenIdle waits for the browser to be idle.
const idleTimeout = 300 // ms

// idleFallback is how long whenIdle waits where the browser has no requestIdleCallback
// (Safari): long enough for the frame in progress to be painted first.
const idleFallback = 50 * time.Millisecond

// whenIdle runs fn on the UI goroutine once the browser has painted what is on its way
// and is idle (requestIdleCallback), so that work a player has not asked for yet never
// delays the frame that answers their last click.
func whenIdle(ctx goapp.Context, fn func(goapp.Context)) {
	w := goapp.Window()
	if !w.Get("requestIdleCallback").Truthy() {
		ctx.After(idleFallback, fn)
		return
	}
	var cb goapp.Func
	cb = goapp.FuncOf(func(goapp.Value, []goapp.Value) any {
		cb.Release()
		ctx.Dispatch(fn)
		return nil
	})
	w.Call("requestIdleCallback", cb, map[string]any{"timeout": idleTimeout})
}

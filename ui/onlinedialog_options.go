package ui

import (
	"strconv"
	"time"

	"brass/app"
	"brass/app/online"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// onlineOptions are an online game's options in the browser: the signalling server of the
// page's own origin, and two debug aids the browser tests set in localStorage:
// brass/debug-stall (seconds) shortens the waits before a device that holds the game up is
// named and before the game may be ended, brass/debug-withhold has this device keep its
// keys of the deal to itself, as a modified device could, and brass/debug-clock-ms moves the
// clock the session reads forward (a turn's time limit).
func onlineOptions() app.OnlineOptions {
	opts := app.OnlineOptions{Dial: app.BrowserDialer(), Mailbox: app.MailboxURL()}
	if s, err := strconv.Atoi(debugItem("brass/debug-stall")); err == nil && s > 0 {
		opts.Timing = online.DefaultTiming
		opts.Timing.Stall, opts.Timing.End = time.Duration(s)*time.Second, time.Duration(s)*time.Second
	}
	opts.Withhold = debugItem("brass/debug-withhold") == "true"
	if off, err := strconv.ParseInt(debugItem("brass/debug-clock-ms"), 10, 64); err == nil && off != 0 {
		// A clock moved forward, for the browser test of a turn's time limit.
		opts.Now = func() time.Time { return time.Now().Add(time.Duration(off) * time.Millisecond) }
	}
	return opts
}

// debugItem reads a localStorage item as it was set ("" when there is none or no storage).
func debugItem(key string) string {
	ls := goapp.Window().Get("localStorage")
	if !ls.Truthy() {
		return ""
	}
	v := ls.Call("getItem", key)
	if !v.Truthy() {
		return ""
	}
	return v.String()
}

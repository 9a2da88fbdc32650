package ui

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"brass/app"
	"brass/lang"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Notifications of own-pace games, the page's side: the player turns them on (a click, which
// browsers require), the browser's push subscription is made with the server's VAPID key, and
// every own-pace game on this device subscribes it for its seat (app.SubscribePush). They stay
// on for games begun later (pushOnKey); turning them off unsubscribes every game.

const pushOnKey = "brass/push"

// pushOn reports whether this device's player turned notifications on.
func pushOn() bool { return debugItem(pushOnKey) == "on" }

// awaitPromise waits for a JavaScript promise (from a goroutine, never the UI's), at most
// 20 seconds (a service worker that never starts leaves navigator.serviceWorker.ready
// pending for ever).
func awaitPromise(p goapp.Value) (goapp.Value, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	v, err := app.Await(ctx, p)
	if errors.Is(err, context.DeadlineExceeded) {
		return v, errors.New(lang.T("push.no_answer"))
	}
	return v, err
}

// setPush turns notifications on or off for every own-pace game on this device and says how
// it went (from a goroutine).
func setPush(store app.Store, on bool) (string, error) {
	win := goapp.Window()
	nav := win.Get("navigator")
	if !win.Get("Notification").Truthy() || !nav.Get("serviceWorker").Truthy() || !win.Get("PushManager").Truthy() {
		return "", errors.New(lang.T("push.unsupported"))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if on {
		perm, err := awaitPromise(win.Get("Notification").Call("requestPermission"))
		if err != nil || perm.String() != "granted" {
			return "", errors.New(lang.T("push.not_allowed"))
		}
	}
	reg, err := awaitPromise(nav.Get("serviceWorker").Get("ready"))
	if err != nil {
		return "", errors.New(lang.T("push.no_worker", lang.S("error", err.Error())))
	}
	pm := reg.Get("pushManager")
	sub, err := awaitPromise(pm.Call("getSubscription"))
	if err != nil {
		return "", err
	}
	if on && !sub.Truthy() {
		key, err := app.PushKey(ctx, app.MailboxURL())
		if err != nil {
			return "", errors.New(lang.T("push.no_key"))
		}
		opts := map[string]any{"userVisibleOnly": true, "applicationServerKey": key}
		if sub, err = awaitPromise(pm.Call("subscribe", opts)); err != nil {
			return "", errors.New(lang.T("push.subscribe_failed", lang.S("error", err.Error())))
		}
	}
	if !sub.Truthy() {
		return lang.T("push.off"), nil // off, and none to remove
	}
	var ps app.PushSubscription
	if err := json.Unmarshal([]byte(win.Get("JSON").Call("stringify", sub).String()), &ps); err != nil {
		return "", errors.New(lang.T("push.unreadable"))
	}
	n, err := app.SubscribePush(ctx, store, app.MailboxURL(), ps, on)
	if err != nil {
		return "", errors.New(lang.T("push.refused", lang.S("error", err.Error())))
	}
	if !on {
		_, _ = awaitPromise(sub.Call("unsubscribe"))
		return lang.T("push.off"), nil
	}
	return lang.T("push.on", lang.N("n", n)), nil
}

// showAwaiting puts the number of online games awaiting this device's player, but the one on
// screen (current), in the page's title and on the installed app's icon
// (navigator.setAppBadge, where there is one).
func showAwaiting(store app.Store, current string) {
	if store == nil {
		return
	}
	awaiting = app.AwaitingYou(store, current)
	clearTurnAlert()
	nav := goapp.Window().Get("navigator")
	switch {
	case !nav.Truthy() || !nav.Get("setAppBadge").Truthy():
	case awaiting > 0:
		nav.Call("setAppBadge", awaiting)
	default:
		nav.Call("clearAppBadge")
	}
}

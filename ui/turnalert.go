package ui

import (
	"strconv"

	"brass/lang"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Telling an online player that it is their turn while the tab is in the background: the
// page title changes, and, if the player allowed it, a browser notification appears.

// defaultTitle is the page's title outside a game; in a game it is the edition's name.
const defaultTitle = "Brass"

// pageTitle is the page's title now (see setPageTitle), and awaiting the number of online
// games awaiting this device's player, which the title starts with (showAwaiting).
var (
	pageTitle = defaultTitle
	awaiting  int
)

// setPageTitle sets the page's title (a game: its edition's name, such as "Brass:
// Lancashire"), which a turn alert then restores.
func setPageTitle(t string) {
	pageTitle = t
	clearTurnAlert()
}

// askNotificationPermission asks the browser for notifications (only from a click: browsers
// ignore the request otherwise).
func askNotificationPermission() {
	n := goapp.Window().Get("Notification")
	if n.Truthy() && n.Get("permission").String() == "default" {
		n.Call("requestPermission")
	}
}

// tabHidden reports whether the page is in a background tab.
func tabHidden() bool {
	doc := goapp.Window().Get("document")
	return doc.Truthy() && doc.Get("hidden").Bool()
}

// alertTurn marks the page: the title says whose turn it is and a notification appears if
// allowed. The title is restored when the tab comes back (see clearTurnAlert).
func alertTurn(text string) {
	doc := goapp.Window().Get("document")
	if !doc.Truthy() {
		return
	}
	doc.Set("title", "● "+text+" · Brass")
	n := goapp.Window().Get("Notification")
	if n.Truthy() && n.Get("permission").String() == "granted" {
		n.New(pageTitle, map[string]any{"body": text, "tag": "brass-turn", "icon": "/web/icon-192.png"})
	}
}

// alertYourTurn alerts the player named that it is their turn ("Your turn, Ada"), in the
// language in use.
func alertYourTurn(name string) { alertTurn(lang.T("alert.your_turn", lang.S("name", name))) }

// clearTurnAlert restores the page title.
func clearTurnAlert() {
	if doc := goapp.Window().Get("document"); doc.Truthy() {
		if awaiting > 0 {
			doc.Set("title", "("+strconv.Itoa(awaiting)+") "+pageTitle)
			return
		}
		doc.Set("title", pageTitle)
	}
}

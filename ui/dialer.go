package ui

import (
	"brass/app"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// signalURL is the signalling endpoint of the server the page came from: ws://host/signal,
// or wss:// when the page is served over https.
func signalURL() string {
	loc := goapp.Window().Get("location")
	if !loc.Truthy() {
		return "ws://localhost:8000/signal"
	}
	scheme := "ws://"
	if loc.Get("protocol").String() == "https:" {
		scheme = "wss://"
	}
	return scheme + loc.Get("host").String() + "/signal"
}

// browserDialer connects online games to the page's own signalling server.
func browserDialer() app.Dialer { return app.SignalDialer(signalURL()) }

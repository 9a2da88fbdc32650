package app

import (
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

// BrowserDialer connects online games to the signalling server the page came from.
func BrowserDialer() Dialer { return SignalDialer(signalURL()) }

package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// signalURL is the signalling endpoint of the server the page came from: ws://host/signal,
// or wss:// when the page is served over https.
func signalURL() string { return pageSocket("/signal") }

// MailboxURL is the mailbox's endpoint of the server the page came from (ws://host/mailbox).
func MailboxURL() string { return pageSocket("/mailbox") }

// pageSocket is a WebSocket endpoint of the server the page came from.
func pageSocket(path string) string {
	loc := goapp.Window().Get("location")
	if !loc.Truthy() {
		return "ws://localhost:8000" + path
	}
	scheme := "ws://"
	if loc.Get("protocol").String() == "https:" {
		scheme = "wss://"
	}
	return scheme + loc.Get("host").String() + path
}

// BrowserDialer connects online games to the signalling server the page came from.
func BrowserDialer() Dialer { return SignalDialer(signalURL()) }

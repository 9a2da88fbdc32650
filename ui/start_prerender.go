//go:build !wasm

package ui

import goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

// EarlyDialogsHTML is the markup of the new-game and online dialogs as web/early.js uses
// them before the wasm runs: the app's own components, closed, with every field drawn
// (web/app.css shows the ones that apply). The server serves it apart from the page, so
// the first paint parses none of it, and only the server draws it: go-app's HTMLString
// would bring its whole test engine into the wasm.
func EarlyDialogsHTML() string {
	s := newStartScreen().Prerender(true)
	return goapp.HTMLString(s.newGameDialog()) + goapp.HTMLString(s.onlineDialog())
}

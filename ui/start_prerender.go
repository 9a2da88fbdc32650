//go:build !wasm

package ui

import goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

// earlyDialogs is the markup of the dialogs as the server prerenders them for web/early.js:
// in a template, parsed but no part of the page (no style or layout to pay for at the
// first paint) until a tap or a join link needs one. Only the server draws it: go-app's
// HTMLString would bring its whole test engine into the wasm.
func (s *startScreen) earlyDialogs() string {
	return `<template id="early-dialogs">` + goapp.HTMLString(s.newGameDialog()) + goapp.HTMLString(s.onlineDialog()) + `</template>`
}

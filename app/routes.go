// Package app is the client side of Brass: routes, sessions and storage.
// It is compiled into both the wasm client and the native server (which
// needs the routes to prerender pages).
package app

import (
	"brass/ui"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Register declares the app's routes. It must run before
// app.RunWhenOnBrowser on the client and before the app.Handler serves
// its first page on the server.
func Register() {
	app.Route("/", func() app.Composer { return ui.NewRoot() })
}

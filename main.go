// Command brass is Brass (Birmingham and Lancashire) in the browser. The same main package
// is built twice: GOOS=js GOARCH=wasm gives web/app.wasm (the client), a
// native build gives the HTTP server (server.go). Server code lives behind
// the !wasm build tag so it never reaches the wasm binary.
package main

import (
	"brass/ui"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func main() {
	ui.PerfMark("brass-main") // the Go runtime and every package's init are done
	registerRoutes()
	ui.StartLanguage()     // client: the device's language, before the first render
	app.RunWhenOnBrowser() // client: runs the UI forever; server: no-op
	serve()                // server: HTTP server; client: empty
}

// registerRoutes declares the app's one route: the start screen and the game screen are
// states of the root component, so the service worker's cached "/" serves every screen
// offline.
func registerRoutes() {
	app.Route("/", func() app.Composer { return ui.NewRoot() })
}

package ui

import goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

// PerfMark records a User Timing mark (performance.mark) in the browser, so the load
// phases can be told apart from outside (e2e/measure.js reads brass-main and
// brass-mounted). It does nothing on the server.
func PerfMark(name string) {
	if !goapp.IsClient {
		return
	}
	if p := goapp.Window().Get("performance"); p.Truthy() {
		p.Call("mark", name)
	}
}

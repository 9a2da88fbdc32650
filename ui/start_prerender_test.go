//go:build !wasm

package ui

import (
	"testing"

	"brass/ui/uitest"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// As the server draws it for web/early.js: New game and Play online enabled (Import waits
// for the app), and the dialogs apart (EarlyDialogsHTML), closed, with every field there.
func TestStartScreenPrerendered(t *testing.T) {
	page := uitest.Render(t, newStartScreen().Prerender(true))
	for id, disabled := range map[string]bool{"new-game": false, "play-online": false, "import-game": true} {
		if b := page.ByID(id); b == nil || b.Bool("disabled") != disabled {
			t.Errorf("#%s disabled: want %v", id, disabled)
		}
	}
	if page.ByID("new-game-dialog") != nil {
		t.Error("the page itself carries the dialogs")
	}
	dialogs := uitest.Render(t, goapp.Raw("<div>"+EarlyDialogsHTML()+"</div>"))
	for _, id := range []string{"new-game-dialog", "online-dialog", "ng-name-4", "ng-rules-original", "ng-intro", "ol-code", "ol-players-2", "ol-rules-roxley"} {
		if dialogs.ByID(id) == nil {
			t.Errorf("no #%s", id)
		}
	}
	for _, id := range []string{"new-game-dialog", "online-dialog"} {
		if dlg := dialogs.ByID(id); dlg != nil && dlg.Bool("open") {
			t.Errorf("#%s is open", id)
		}
	}
	if html := uitest.Render(t, newStartScreen()); html.ByID("new-game-dialog") != nil {
		t.Error("the app draws the new-game dialog before it is asked for")
	}
}

package ui

import (
	"strings"
	"testing"
	"time"

	"brass/app"
	"brass/engine"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

func newSavedGame(t *testing.T, store app.Store, names []string, moves int) *app.Hotseat {
	t.Helper()
	h, err := app.NewHotseat(store, engine.Config{Players: len(names), Seed: 5, Names: names}, app.DefaultColours(len(names)))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < moves; i++ {
		legal := h.Game().LegalMoves()
		if err := h.Submit(legal[i%len(legal)]); err != nil {
			t.Fatal(err)
		}
	}
	return h
}

func TestStartScreenWithoutStore(t *testing.T) {
	// As prerendered on the server: the title, disabled actions, no list yet.
	html := goapp.HTMLString(newStartScreen())
	for _, want := range []string{`id="start-title"`, `Brass: Birmingham`, `src="/web/icon.svg"`, `Loading…`, `id="new-game"`} {
		if !strings.Contains(html, want) {
			t.Errorf("missing %q in\n%s", want, html)
		}
	}
}

func TestStartScreenLists(t *testing.T) {
	store := app.NewMemoryStore()
	s := newStartScreen().Store(store)
	s.refresh()
	if html := goapp.HTMLString(s); !strings.Contains(html, "No saved games yet") {
		t.Errorf("empty list:\n%s", html)
	}

	a := newSavedGame(t, store, []string{"Ada", "Brunel", "Kate"}, 4)
	b := newSavedGame(t, store, []string{"Zed", "Yan"}, 1)
	s.refresh()
	html := goapp.HTMLString(s)
	for _, want := range []string{
		`id="saved-game-` + a.ID() + `"`, `id="saved-game-` + b.ID() + `"`,
		"Ada", "Brunel", "Kate", "4 moves", "1 move<", "Canal Era, round ",
		`background-color:#c0392b`, "last played ", "today, ",
		`id="saved-resume-` + a.ID() + `"`, `id="saved-export-` + a.ID() + `"`, `id="saved-delete-` + a.ID() + `"`,
		"Resume", " the game of Ada, Brunel and Kate",
	} {
		if !strings.Contains(html, want) {
			t.Errorf("missing %q", want)
		}
	}
	// In the order of the list: last played first.
	list, _ := app.ListGames(store)
	if strings.Index(html, list[0].ID) > strings.Index(html, list[1].ID) {
		t.Error("the games are not in the list's order")
	}

	// Asking to delete shows the confirmation for that game only.
	s.confirming = a.ID()
	html = goapp.HTMLString(s)
	if !strings.Contains(html, `id="saved-confirm-delete-`+a.ID()+`"`) || !strings.Contains(html, "Delete this game for good?") {
		t.Error("no confirmation")
	}
	if strings.Contains(html, `id="saved-delete-`+a.ID()+`"`) || !strings.Contains(html, `id="saved-delete-`+b.ID()+`"`) {
		t.Error("the confirmation replaced the wrong buttons")
	}

	// An import error is shown in the page.
	s.confirming = ""
	s.importText(goapp.Context{}, `{"format": 99}`, nil)
	if !strings.Contains(s.importErr, "newer version") || !strings.Contains(goapp.HTMLString(s), `id="import-error"`) {
		t.Errorf("import error %q not shown", s.importErr)
	}
	if len(s.games) != 2 {
		t.Errorf("a refused import changed the list: %d games", len(s.games))
	}
}

func TestSavedState(t *testing.T) {
	for _, c := range []struct {
		g    app.GameSummary
		want string
	}{
		{app.GameSummary{Era: "Rail Era", Round: 3}, "Rail Era, round 3"},
		{app.GameSummary{Over: true, Winners: []string{"Ada"}}, "Finished: Ada won"},
		{app.GameSummary{Over: true, Winners: []string{"Ada"}, WinnerVP: 83}, "Finished: Ada won with 83 VP"},
		{app.GameSummary{Over: true, Winners: []string{"Ada", "Bo"}, WinnerVP: 61}, "Finished: Ada and Bo shared the win with 61 VP"},
		{app.GameSummary{Over: true, Winners: []string{"Ada", "Bo"}}, "Finished: Ada and Bo shared the win"},
	} {
		if got := savedState(c.g); got != c.want {
			t.Errorf("savedState(%+v) = %q, want %q", c.g, got, c.want)
		}
	}
	now := time.Date(2026, 3, 10, 15, 0, 0, 0, time.Local)
	for _, c := range []struct {
		t    time.Time
		want string
	}{
		{now.Add(-time.Hour), "today, 14:00"},
		{time.Date(2026, 3, 9, 23, 30, 0, 0, time.Local), "yesterday, 23:30"},
		{time.Date(2026, 2, 1, 9, 5, 0, 0, time.Local), "1 Feb 2026, 09:05"},
	} {
		if got := savedWhen(c.t, now); got != c.want {
			t.Errorf("savedWhen(%v) = %q, want %q", c.t, got, c.want)
		}
	}
}

func TestRootResumesTheCurrentGame(t *testing.T) {
	store := app.NewMemoryStore()
	h := newSavedGame(t, store, []string{"Ada", "Bo"}, 3)

	r := &root{}
	r.open(store)
	if r.session != nil {
		t.Fatal("a game was opened without a current game")
	}

	_ = app.SetCurrentGame(store, h.ID())
	r = &root{}
	r.open(store)
	if r.session == nil || r.session.ID() != h.ID() || len(r.session.Game().Moves()) != 3 || r.version == 0 {
		t.Fatalf("the current game was not resumed: %+v", r.session)
	}

	// A current game that no longer opens: the start screen, a notice, current cleared.
	_ = app.SetCurrentGame(store, "deadbeef0000")
	r = &root{}
	r.open(store)
	if r.session != nil || !strings.Contains(r.notice, "could not be resumed") {
		t.Errorf("session %v notice %q", r.session, r.notice)
	}
	if id, _ := app.CurrentGame(store); id != "" {
		t.Errorf("current still %q", id)
	}
}

func TestRootPrerender(t *testing.T) {
	html := goapp.HTMLString(NewRoot().(goapp.UI))
	if !strings.Contains(html, `id="status"`) || !strings.Contains(html, ">loading<") || !strings.Contains(html, "Brass: Lancashire") {
		t.Errorf("prerendered root:\n%s", html)
	}
}

// The game being refreshed in the background is marked in the list, and only that one.
func TestStartScreenMarksTheGameBeingUpdated(t *testing.T) {
	store := app.NewMemoryStore()
	a := newSavedGame(t, store, []string{"Ada", "Brunel"}, 1)
	b := newSavedGame(t, store, []string{"Zed", "Yan"}, 1)
	s := newStartScreen().Store(store)
	s.refresh()
	if html := goapp.HTMLString(s); strings.Contains(html, "updating…") {
		t.Errorf("a game is marked updating with none refreshed:\n%s", html)
	}
	s.Updating(b.ID())
	html := goapp.HTMLString(s)
	if !strings.Contains(html, `id="saved-updating-`+b.ID()+`"`) || strings.Contains(html, `id="saved-updating-`+a.ID()+`"`) || strings.Count(html, "updating…") != 1 {
		t.Errorf("the game being refreshed is not the one marked:\n%s", html)
	}
}

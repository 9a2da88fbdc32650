package ui

import (
	"strings"
	"testing"

	"brass/app"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

func TestParseEarly(t *testing.T) {
	for _, bad := range []string{"", "{", "[]", `{"events":"x"}`} {
		if r := parseEarly(bad); r != nil {
			t.Errorf("%q read as %+v", bad, r)
		}
	}
	long := `{"events":[` + strings.Repeat(`{"t":"input","id":"ng-seed","v":"1"},`, maxEarlyEvents+10) + `{"t":"submit"}]}`
	if r := parseEarly(long); r == nil || len(r.Events) != maxEarlyEvents {
		t.Errorf("a record over the bound is not cut to %d events", maxEarlyEvents)
	}
	var none *earlyRecord
	if none.acted() || none.open().id != "" {
		t.Error("no record acted")
	}
}

// The dialog left open is the last one opened and not closed, with the events since.
func TestEarlyOpenDialog(t *testing.T) {
	r := parseEarly(`{"events":[
		{"t":"open","id":"online-dialog","v":"K7QF-9MZT"},
		{"t":"input","id":"ol-name","v":"Bo"},
		{"t":"close","id":"online-dialog"},
		{"t":"open","id":"new-game-dialog"},
		{"t":"change","id":"ng-players-4","c":true},
		{"t":"submit","id":"new-game-dialog"}],"focus":"ng-start"}`)
	d := r.open()
	if d.id != "new-game-dialog" || d.code != "" || len(d.events) != 2 || d.linked != "K7QF-9MZT" || !r.acted() {
		t.Errorf("%+v", d)
	}
	s := newStartScreen().Early(r)
	s.OnInit()
	if !s.dialog || s.online || s.joinShown != "K7QF-9MZT" || s.focusEarly != "ng-start" {
		t.Errorf("start screen: dialog %v online %v joinShown %q focus %q", s.dialog, s.online, s.joinShown, s.focusEarly)
	}
}

// Replayed steps go through the dialog's own rules: colours stay distinct, the player count
// follows the edition, a change of edition resets its rule set; unknown ids and values that
// no field offers change nothing; Start waits for the store, then runs once.
func TestNewGameDialogReplay(t *testing.T) {
	d := newNewGameDialog()
	ada, bo := d.colours[0], d.colours[1]
	for _, ev := range []earlyEvent{
		{T: "change", ID: "ng-players-4", C: true},
		{T: "input", ID: "ng-name-1", V: "Ada"},
		{T: "change", ID: "ng-colour-2-red", V: ada, C: true},
		{T: "change", ID: "ng-kind-3", V: "easy"},
		{T: "change", ID: "ng-kind-2", V: "grandmaster"},
		{T: "change", ID: "ng-colour-1-x", V: "#123456", C: true},
		{T: "input", ID: "ng-name-9", V: "nobody"},
		{T: "input", ID: "nothing", V: "x"},
		{T: "change", ID: "ng-intro", C: true},
		{T: "input", ID: "ng-seed", V: "42"},
	} {
		d.replay(ev)
	}
	if d.players != 4 || d.names[0] != "Ada" || d.colours[1] != ada || d.colours[0] != bo || d.kinds[2] != "easy" || d.kinds[1] != "" || !d.intro || d.seed != "42" {
		t.Fatalf("players %d names %q colours %q kinds %q intro %v seed %q", d.players, d.names, d.colours, d.kinds, d.intro, d.seed)
	}
	d.replay(earlyEvent{T: "change", ID: "ng-edition-lancashire", C: true})
	d.replay(earlyEvent{T: "change", ID: "ng-rules-original", C: true})
	if d.game.edition != "lancashire" || d.game.rules != "original" || d.intro {
		t.Errorf("game %+v intro %v", d.game, d.intro)
	}
	d.replay(earlyEvent{T: "change", ID: "ng-players-2", C: true})
	if d.players != 4 {
		t.Errorf("2 players accepted under the original rules (%d)", d.players)
	}
	d.replay(earlyEvent{T: "change", ID: "ng-edition-birmingham", C: true})
	if d.game.rules != "" {
		t.Errorf("the rule set stayed %q in Birmingham", d.game.rules)
	}

	d.replay(earlyEvent{T: "submit", ID: "new-game-dialog"})
	started := 0
	d.IOnStart = func(_ goapp.Context, s app.Session) { started++ }
	d.startPending(goapp.Context{}) // no store yet: it waits
	if started != 0 || !d.pending {
		t.Fatal("started without a store")
	}
	store := app.NewMemoryStore()
	d.IStore = store
	d.startPending(goapp.Context{})
	d.startPending(goapp.Context{})
	if started != 1 || d.pending {
		t.Fatalf("started %d times", started)
	}
	games, _ := app.ListGames(store)
	if len(games) != 1 || strings.Join(games[0].Names, ",") != "Ada,Player 2,Easy bot 3,Player 4" {
		t.Errorf("games %+v", games)
	}
}

// A name typed before the app ran is kept over the saved profile; the colour not chosen
// comes from the profile.
func TestOnlineDialogReplay(t *testing.T) {
	store := app.NewMemoryStore()
	if err := app.SaveProfile(store, app.Profile{Name: "Old", Colour: app.Palette[3].CSS}); err != nil {
		t.Fatal(err)
	}
	d := newOnlineDialog().Code("K7QF-9MZT").Early([]earlyEvent{
		{T: "input", ID: "ol-name", V: "Bo"},
		{T: "change", ID: "ol-notify", C: true},
	}, "ol-name")
	d.OnInit()
	d.IStore = store
	d.loadProfile()
	if !d.join || d.code != "K7QF-9MZT" || d.name != "Bo" || d.colour != app.Palette[3].CSS || !d.notify {
		t.Errorf("join %v code %q name %q colour %q notify %v", d.join, d.code, d.name, d.colour, d.notify)
	}
	d.replay(earlyEvent{T: "change", ID: "ol-host", C: true})
	d.replay(earlyEvent{T: "change", ID: "ol-players-4", C: true})
	d.replay(earlyEvent{T: "change", ID: "ol-edition-lancashire", C: true})
	d.replay(earlyEvent{T: "change", ID: "ol-rules-original", C: true})
	d.replay(earlyEvent{T: "change", ID: "ol-players-2", C: true})
	if d.join || d.players != 4 || d.game.rules != "original" {
		t.Errorf("join %v players %d game %+v", d.join, d.players, d.game)
	}
}

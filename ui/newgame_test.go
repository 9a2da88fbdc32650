package ui

import (
	"reflect"
	"strings"
	"testing"

	"brass/app"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

func TestNewGameDialogDefaults(t *testing.T) {
	d := newNewGameDialog()
	html := goapp.HTMLString(d)
	for _, want := range []string{
		`<dialog`, `aria-labelledby="ng-title"`, `New game`,
		`id="ng-players-3"`, `for="ng-name-1"`, `id="ng-name-3"`, `placeholder="Player 3"`,
		`id="ng-colour-1-red"`, `for="ng-seed"`, `aria-describedby="ng-seed-help"`, `type="submit"`,
		`type="checkbox"`, `id="ng-intro"`, `Introductory game (Canal Era only)`, `aria-describedby="ng-intro-help"`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("missing %q", want)
		}
	}
	if strings.Contains(html, `id="ng-name-4"`) {
		t.Error("4 seats shown for 3 players")
	}
	if strings.Contains(html, `value="Player`) {
		t.Error("name fields are pre-filled instead of showing a placeholder")
	}
	d.setPlayers(4)
	if html := goapp.HTMLString(d); !strings.Contains(html, `id="ng-name-4"`) {
		t.Error("no 4th seat")
	}
	d.setPlayers(5)
	if d.players != 4 {
		t.Error("5 players accepted")
	}
}

func TestNewGameDialogColoursStayDistinct(t *testing.T) {
	d := newNewGameDialog()
	d.setColour(0, app.Palette[2].CSS) // player 1 takes player 3's purple
	if d.colours[0] != app.Palette[2].CSS || d.colours[2] != app.Palette[0].CSS {
		t.Errorf("colours %q", d.colours)
	}
	d.setColour(1, app.Palette[5].CSS) // a free colour
	cfg, colours, msg := d.config()
	if msg != "" {
		t.Fatal(msg)
	}
	if _, err := app.ValidateColours(colours, cfg.Players); err != nil {
		t.Errorf("colours %q: %v", colours, err)
	}
	if !reflect.DeepEqual(colours, []string{app.Palette[2].CSS, app.Palette[5].CSS, app.Palette[0].CSS}) {
		t.Errorf("colours %q", colours)
	}
}

func TestNewGameDialogStart(t *testing.T) {
	store := app.NewMemoryStore()
	var started app.Session
	d := newNewGameDialog().Store(store).OnStart(func(ctx goapp.Context, s app.Session) { started = s })
	d.seed = " 42 "
	d.names[1] = "  Brunel "
	cfg, _, msg := d.config()
	if msg != "" || cfg.Seed != 42 || cfg.Players != 3 {
		t.Fatalf("config %+v %q", cfg, msg)
	}
	d.onSubmit(goapp.Context{}, goapp.Event{Value: goapp.Null()})
	if started == nil {
		t.Fatalf("no game started: %q", d.err)
	}
	if got := started.Game().Config(); got.Seed != 42 || !reflect.DeepEqual(got.Names, []string{"Player 1", "Brunel", "Player 3"}) {
		t.Errorf("config %+v", got)
	}
	if list, _ := app.ListGames(store); len(list) != 1 || list[0].ID != started.ID() {
		t.Errorf("saved games %+v", list)
	}

	// Bad seed, empty or duplicate names: an error in the dialog, nothing saved.
	for _, c := range []struct {
		edit func(d *newGameDialog)
		want string
	}{
		{func(d *newGameDialog) { d.seed = "12a" }, "whole number"},
		{func(d *newGameDialog) { d.seed = "-3" }, "whole number"},
		{func(d *newGameDialog) { d.names[0] = strings.Repeat("x", app.MaxNameLength+1) }, "too long"},
		{func(d *newGameDialog) { d.names[2] = "player 1" }, "both called"},
	} {
		started = nil
		d := newNewGameDialog().Store(store).OnStart(func(ctx goapp.Context, s app.Session) { started = s })
		c.edit(d)
		d.onSubmit(goapp.Context{}, goapp.Event{Value: goapp.Null()})
		if started != nil || !strings.Contains(d.err, c.want) {
			t.Errorf("want %q, got error %q (started %v)", c.want, d.err, started != nil)
		}
		if !strings.Contains(goapp.HTMLString(d), c.want) {
			t.Errorf("error %q not rendered", c.want)
		}
	}
	if list, _ := app.ListGames(store); len(list) != 1 {
		t.Errorf("refused games were saved: %d", len(list))
	}
}

// TestNewGameDialogIntroductory: the introductory game is off by default; ticked, the game
// started is the rulebook's introductory game (engine.Config.Introductory), stored so.
func TestNewGameDialogIntroductory(t *testing.T) {
	d := newNewGameDialog()
	if cfg, _, _ := d.config(); cfg.Introductory {
		t.Error("the introductory game is on by default")
	}
	if introTicked(t, d) {
		t.Error("the checkbox is ticked by default")
	}
	store := app.NewMemoryStore()
	var started app.Session
	d = newNewGameDialog().Store(store).OnStart(func(ctx goapp.Context, s app.Session) { started = s })
	d.intro = true
	if !introTicked(t, d) {
		t.Error("the ticked checkbox is not shown ticked")
	}
	d.onSubmit(goapp.Context{}, goapp.Event{Value: goapp.Null()})
	if started == nil {
		t.Fatalf("no game started: %q", d.err)
	}
	if !started.Game().Config().Introductory || !started.Game().State().Introductory {
		t.Errorf("the game started is not the introductory game: %+v", started.Game().Config())
	}
	if rec := started.Game().Record(); !rec.Config.Introductory {
		t.Error("the record does not store the option")
	}
}

// introTicked reads the rendered introductory-game checkbox.
func introTicked(t *testing.T, d *newGameDialog) bool {
	t.Helper()
	html := goapp.HTMLString(d)
	i := strings.Index(html, `id="ng-intro"`)
	start := strings.LastIndex(html[:max(i, 0)], "<input")
	if i < 0 || start < 0 {
		t.Fatal("no introductory-game checkbox")
	}
	tag := html[start : i+strings.Index(html[i:], ">")]
	return strings.Contains(tag, "checked") && !strings.Contains(tag, `checked="false"`)
}

// Choosing Brass: Lancashire offers its rule sets; the original rules are for 3–4 players
// and have no introductory game; the seats' bots stay.
func TestNewGameDialogLancashire(t *testing.T) {
	d := newNewGameDialog()
	d.players, d.intro, d.kinds[1] = 2, true, "easy"
	d.game = editionChoice{edition: "lancashire"}
	d.gameChanged()
	if d.players != 2 || d.intro || d.kinds[1] != "easy" {
		t.Errorf("after Lancashire: players %d, intro %v, kinds %q", d.players, d.intro, d.kinds)
	}
	html := goapp.HTMLString(d)
	for _, want := range []string{`id="ng-edition-lancashire"`, `id="ng-rules-roxley"`, `id="ng-rules-original"`} {
		if !strings.Contains(html, want) {
			t.Errorf("missing %q", want)
		}
	}
	if strings.Contains(html, `id="ng-intro"`) {
		t.Error("Lancashire offers the introductory game")
	}
	d.game.rules = "original"
	d.gameChanged()
	if d.players != 3 {
		t.Errorf("the original rules with %d players", d.players)
	}
	d.setPlayers(2)
	if d.players != 3 {
		t.Error("2 players accepted for the original rules")
	}
	cfg, _, msg := d.config()
	if msg != "" || cfg.Edition != "lancashire" || cfg.Rules != "original" || cfg.Players != 3 {
		t.Errorf("config %+v %q", cfg, msg)
	}
}

package app

import (
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"brass/engine"
)

func TestExportImportRoundTrip(t *testing.T) {
	store, c := NewMemoryStore(), newClock()
	h := newTestGame(t, store, c)
	play(t, h, 10)
	data, name, err := ExportGame(store, h.ID())
	if err != nil {
		t.Fatal(err)
	}
	if name != "brass-ada-brunel-kate-10-moves.json" {
		t.Errorf("file name %q", name)
	}
	if !strings.Contains(string(data), "\n  \"app\": \"brass\",\n") {
		t.Errorf("not pretty JSON with the app field:\n%.200s", data)
	}
	// The file is an engine record as it stands.
	rec, err := engine.ParseRecord(data)
	if err != nil || !reflect.DeepEqual(rec, h.Game().Record()) {
		t.Errorf("ParseRecord of the export: %v", err)
	}
	var f map[string]any
	_ = json.Unmarshal(data, &f)
	if !reflect.DeepEqual(f["colours"], []any{"#c0392b", "#e2b714", "#16a085"}) {
		t.Errorf("colours %v", f["colours"])
	}

	// Into another browser: a new game, the same moves and colours.
	other := NewMemoryStore()
	id, err := ImportGame(other, data, WithClock(c.now))
	if err != nil {
		t.Fatal(err)
	}
	g, err := OpenHotseat(other, id)
	if err != nil {
		t.Fatal(err)
	}
	if g.Game().Hash() != h.Game().Hash() || !reflect.DeepEqual(g.Game().Record(), h.Game().Record()) {
		t.Error("the imported game differs")
	}
	if !reflect.DeepEqual(g.Colours(), h.Colours()) {
		t.Errorf("colours %q", g.Colours())
	}
	checkIndex(t, other)

	// Into the same browser: a new id, the original untouched.
	before, _ := store.Raw(gameKey(h.ID()))
	id2, err := ImportGame(store, data)
	if err != nil || id2 == h.ID() {
		t.Fatalf("second import: %q, %v", id2, err)
	}
	after, _ := store.Raw(gameKey(h.ID()))
	if string(before) != string(after) {
		t.Error("importing overwrote the original")
	}
	list, _ := ListGames(store)
	if len(list) != 2 || list[0].Moves != 10 || list[1].Moves != 10 {
		t.Errorf("list after import %+v", list)
	}
	checkIndex(t, store)

	// Export of the import is the same file.
	data2, _, err := ExportGame(store, id2)
	if err != nil || string(data2) != string(data) {
		t.Errorf("re-export differs:\n%s\n%s", data, data2)
	}
}

func TestExportNames(t *testing.T) {
	store := NewMemoryStore()
	h, err := NewHotseat(store, engine.Config{Players: 2, Names: []string{"Zoë O'Neil", "日本"}}, DefaultColours(2))
	if err != nil {
		t.Fatal(err)
	}
	_, name, err := ExportGame(store, h.ID())
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^brass(-[a-z0-9]+)+-0-moves\.json$`).MatchString(name) || !strings.HasPrefix(name, "brass-zo-o-neil-") {
		t.Errorf("file name %q", name)
	}
	if _, _, err := ExportGame(store, "nosuch"); !errors.Is(err, ErrNoGame) {
		t.Errorf("export of a missing game: %v", err)
	}
}

func TestImportBareRecord(t *testing.T) {
	// An engine record without the app's fields imports with the default colours; a
	// fixture of a whole game imports as a finished game.
	raw, err := os.ReadFile("../engine/testdata/game-3p.json")
	if err != nil {
		t.Fatalf("the engine's fixture game is missing: %v", err)
	}
	var fixture struct {
		Record json.RawMessage `json:"record"`
	}
	if err := json.Unmarshal(raw, &fixture); err != nil {
		t.Fatal(err)
	}
	store := NewMemoryStore()
	id, err := ImportGame(store, fixture.Record)
	if err != nil {
		t.Fatal(err)
	}
	list, _ := ListGames(store)
	if len(list) != 1 || list[0].ID != id || !reflect.DeepEqual(list[0].Colours, DefaultColours(3)) {
		t.Errorf("list %+v", list)
	}
	t.Logf("fixture: %d moves, over %v, winners %v", list[0].Moves, list[0].Over, list[0].Winners)
}

func TestImportRefusals(t *testing.T) {
	store, c := NewMemoryStore(), newClock()
	h := newTestGame(t, store, c)
	play(t, h, 8)
	good, _, err := ExportGame(store, h.ID())
	if err != nil {
		t.Fatal(err)
	}
	edit := func(f func(m map[string]any)) []byte {
		var m map[string]any
		if err := json.Unmarshal(good, &m); err != nil {
			t.Fatal(err)
		}
		f(m)
		return mustJSON(t, m)
	}
	bad := badRecord(t)
	badMoves := edit(func(m map[string]any) {
		var moves []any
		_ = json.Unmarshal(mustJSON(t, bad.Moves), &moves)
		m["moves"] = moves
	})

	for _, c := range []struct {
		name string
		data []byte
		want string
		is   error
	}{
		{"empty", []byte("  \n"), "empty", nil},
		{"not JSON", []byte("PK\x03\x04 this is a zip"), "not a JSON file", nil},
		{"truncated", good[:len(good)/2], "not a JSON file", nil},
		{"a JSON list", []byte(`[1,2,3]`), "holds no game", nil},
		{"a JSON string", []byte(`"brass"`), "holds no game", nil},
		{"another app", edit(func(m map[string]any) { m["app"] = "catan" }), `another program ("catan")`, nil},
		{"no format", []byte(`{"name":"my shopping list"}`), "not a Brass game file", engine.ErrMalformed},
		{"newer format", edit(func(m map[string]any) { m["format"] = 99 }), "newer version (format 99", engine.ErrMalformed},
		{"format 0", edit(func(m map[string]any) { m["format"] = 0 }), "unknown format version 0", engine.ErrMalformed},
		{"config not an object", edit(func(m map[string]any) { m["config"] = "x" }), "damaged", engine.ErrMalformed},
		{"5 players", edit(func(m map[string]any) { m["config"].(map[string]any)["players"] = 5 }), "2 to 4 players, not 5", nil},
		{"unknown edition", edit(func(m map[string]any) { m["config"].(map[string]any)["edition"] = "catan" }), "setup is not valid: Unknown edition", engine.ErrMalformed},
		{"names for 2 players", edit(func(m map[string]any) { m["config"].(map[string]any)["names"] = []any{"A", "B"} }), "2 names were given for 3 players", nil},
		{"same names", edit(func(m map[string]any) { m["config"].(map[string]any)["names"] = []any{"A", "B", "a"} }), "both called", nil},
		{"same colours", edit(func(m map[string]any) { m["colours"] = []any{"#c0392b", "#c0392b", "#16a085"} }), "different colour", nil},
		{"foreign colour", edit(func(m map[string]any) { m["colours"] = []any{"#c0392b", "#000", "#16a085"} }), "not one of the game's colours", nil},
		{"colours not a list", edit(func(m map[string]any) { m["colours"] = 7 }), "colours are not a list", nil},
		{"move 5 illegal", badMoves, "Move 5 (", nil},
		{"unknown card", edit(func(m map[string]any) {
			m["moves"].([]any)[2].(map[string]any)["card"] = "atlantis"
		}), `Move 3 (`, engine.ErrMalformed},
		{"too large", append(append([]byte(`{"format":1,"pad":"`), strings.Repeat("x", MaxFileBytes)...), `"}`...), "too large", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			before := store.Snapshot()
			id, err := ImportGame(store, c.data)
			if err == nil {
				t.Fatalf("imported as %s", id)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %T %v is not an *Error", err, err)
			}
			if !strings.Contains(e.Msg, c.want) {
				t.Errorf("message %q does not say %q", e.Msg, c.want)
			}
			if c.is != nil && !errors.Is(err, c.is) {
				t.Errorf("error %v is not %v", err, c.is)
			}
			if !reflect.DeepEqual(store.Snapshot(), before) {
				t.Error("a refused import wrote to the store")
			}
			t.Log(e.Msg)
		})
	}
}

func TestImportReplayErrorNamesMove(t *testing.T) {
	store := NewMemoryStore()
	rec := badRecord(t)
	_, err := ImportGame(store, mustJSON(t, rec))
	var re *engine.ReplayError
	if !errors.As(err, &re) || re.Index != 4 {
		t.Fatalf("ImportGame = %v", err)
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "This game file cannot be loaded. Move 5 (") || !strings.Contains(msg, "cannot be replayed: ") {
		t.Errorf("message %q", msg)
	}
	if len(store.Snapshot()) != 0 {
		t.Error("a refused import wrote to the store")
	}
}

func TestImportWithBOMAndNoColours(t *testing.T) {
	store := NewMemoryStore()
	rec := engine.Record{Format: 1, Config: engine.Config{Edition: "birmingham", Players: 4, Seed: 9}}
	id, err := ImportGame(store, append([]byte("\xef\xbb\xbf"), mustJSON(t, rec)...))
	if err != nil {
		t.Fatal(err)
	}
	h, err := OpenHotseat(store, id)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(h.Colours(), DefaultColours(4)) || len(h.Game().Moves()) != 0 {
		t.Errorf("colours %q moves %d", h.Colours(), len(h.Game().Moves()))
	}
	if got := h.Summary().Names; !reflect.DeepEqual(got, []string{"Player 1", "Player 2", "Player 3", "Player 4"}) {
		t.Errorf("names %q", got)
	}
}

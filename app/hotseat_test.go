package app

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"brass/engine"
)

func TestNewHotseatSaves(t *testing.T) {
	store, c := NewMemoryStore(), newClock()
	h := newTestGame(t, store, c)
	if !validID(h.ID()) || len(h.ID()) != 12 {
		t.Errorf("id %q", h.ID())
	}
	for p := 0; p < 3; p++ {
		if !h.LocalSeat(p) {
			t.Errorf("seat %d is not local", p)
		}
	}
	if h.LocalSeat(3) || h.LocalSeat(-1) {
		t.Error("a seat outside the game is local")
	}
	sg, err := loadGame(store, h.ID())
	if err != nil {
		t.Fatal(err)
	}
	if sg.Created != c.t.UnixMilli() || sg.Updated != sg.Created {
		t.Errorf("times %d %d, clock at %d", sg.Created, sg.Updated, c.t.UnixMilli())
	}
	if sg.Record.Format != engine.RecordFormat || !reflect.DeepEqual(sg.Record.Config, h.Game().Config()) || len(sg.Record.Moves) != 0 {
		t.Errorf("stored record %+v", sg.Record)
	}
	raw, _ := store.Raw(gameKey(h.ID()))
	if !strings.Contains(string(raw), `"moves":[]`) {
		t.Errorf("a new game's moves are not stored as an empty list: %s", raw)
	}
	list, err := ListGames(store)
	if err != nil || len(list) != 1 {
		t.Fatalf("ListGames = %v, %v", list, err)
	}
	want := GameSummary{ID: h.ID(), Names: threeNames, Colours: []string{"#c0392b", "#e2b714", "#16a085"},
		Players: 3, Edition: "Brass: Birmingham", Moves: 0, Era: "Canal Era", Round: 1, Created: sg.Created, Updated: sg.Updated}
	if !reflect.DeepEqual(list[0], want) {
		t.Errorf("summary\n got %+v\nwant %+v", list[0], want)
	}
	checkIndex(t, store)

	// Two games get two ids.
	h2 := newTestGame(t, store, c)
	if h2.ID() == h.ID() {
		t.Error("two games share an id")
	}
	checkIndex(t, store)
}

func TestNewHotseatRefusals(t *testing.T) {
	store := NewMemoryStore()
	for _, c := range []struct {
		cfg     engine.Config
		colours []string
		want    string
	}{
		{engine.Config{Players: 2, Names: []string{"A", "a"}}, DefaultColours(2), "both called"},
		{engine.Config{Players: 2, Names: []string{"A", strings.Repeat("b", 21)}}, DefaultColours(2), "too long"},
		{engine.Config{Players: 2}, []string{"#c0392b", "#c0392b"}, "different colour"},
		{engine.Config{Players: 3}, DefaultColours(2), "2 colours were given for 3 players"},
		{engine.Config{Players: 5}, DefaultColours(4), "2 to 4 players"},
		{engine.Config{Edition: "catan", Players: 2}, DefaultColours(2), "cannot be set up"},
	} {
		_, err := NewHotseat(store, c.cfg, c.colours)
		var e *Error
		if !errors.As(err, &e) || !strings.Contains(e.Msg, c.want) {
			t.Errorf("NewHotseat(%+v, %q) = %v, want %q", c.cfg, c.colours, err, c.want)
		}
	}
	if len(store.Snapshot()) != 0 {
		t.Errorf("refused games wrote %v", store.Snapshot())
	}

	// Defaults: edition and names; names are trimmed.
	h, err := NewHotseat(store, engine.Config{Players: 2}, []string{"teal", "Pink"})
	if err != nil {
		t.Fatal(err)
	}
	if cfg := h.Game().Config(); cfg.Edition != "birmingham" || !reflect.DeepEqual(cfg.Names, []string{"Player 1", "Player 2"}) {
		t.Errorf("config %+v", cfg)
	}
	if !reflect.DeepEqual(h.Colours(), []string{"#16a085", "#d0609a"}) {
		t.Errorf("colours %q", h.Colours())
	}
	h, err = NewHotseat(store, engine.Config{Players: 2, Names: []string{" Ada ", "Bo"}}, DefaultColours(2))
	if err != nil || h.Game().Config().Names[0] != "Ada" {
		t.Errorf("names not trimmed: %v %v", err, h.Game().Config().Names)
	}
}

func TestSubmitSavesEveryMove(t *testing.T) {
	store, c := NewMemoryStore(), newClock()
	h := newTestGame(t, store, c)
	for i := 1; i <= 12; i++ {
		play(t, h, 1)
		sg, err := loadGame(store, h.ID())
		if err != nil {
			t.Fatal(err)
		}
		if len(sg.Record.Moves) != i {
			t.Fatalf("after move %d the store has %d moves", i, len(sg.Record.Moves))
		}
		if sg.Updated != c.t.UnixMilli() {
			t.Errorf("move %d: updated %d, clock %d", i, sg.Updated, c.t.UnixMilli())
		}
	}
	checkIndex(t, store)

	// Reopening replays to the same state.
	h2, err := OpenHotseat(store, h.ID(), WithClock(c.now))
	if err != nil {
		t.Fatal(err)
	}
	if h2.Game().Hash() != h.Game().Hash() || len(h2.Game().Moves()) != 12 {
		t.Error("the reopened game differs")
	}
	if !reflect.DeepEqual(h2.Colours(), h.Colours()) || h2.Created() != h.Created() {
		t.Error("colours or created time lost")
	}

	// A refused move changes nothing, in memory or stored.
	before := store.Snapshot()
	hash := h.Game().Hash()
	bad := h.Game().Moves()[len(h.Game().Moves())-1] // the last move again
	bad.Player = (h.Game().State().Actor() + 1) % 3
	if err := h.Submit(bad); err == nil {
		t.Fatal("a move out of turn was accepted")
	} else if !errors.Is(err, engine.ErrNotYourTurn) {
		t.Errorf("refusal %v is not the engine's", err)
	}
	if h.Game().Hash() != hash || !reflect.DeepEqual(store.Snapshot(), before) {
		t.Error("a refused move changed something")
	}
}

func TestUndo(t *testing.T) {
	store, c := NewMemoryStore(), newClock()
	h := newTestGame(t, store, c)
	if h.CanUndo() {
		t.Fatal("a new game can undo")
	}
	if err := h.Undo(); err == nil {
		t.Fatal("undo in a new game worked")
	}
	// The first round is one action each, and hands are refilled after every turn: its
	// last move cannot be taken back, the cards drawn since being seen.
	play(t, h, 3)
	if h.CanUndo() {
		t.Fatal("the last move of the first round, with cards drawn since, can be undone")
	}
	// The first action of round 2 is followed by the same player's second, no card drawn
	// between: it can be taken back, whichever move it was.
	play(t, h, 1)
	if !h.CanUndo() {
		t.Fatalf("the first action of round 2 (%s) cannot be undone", h.Game().Moves()[3])
	}
	n := len(h.Game().Moves())
	prev, err := h.Game().At(n - 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Undo(); err != nil {
		t.Fatal(err)
	}
	if len(h.Game().Moves()) != n-1 || h.Game().Hash() != prev.Hash() {
		t.Error("undo did not go back one move")
	}
	sg, _ := loadGame(store, h.ID())
	if len(sg.Record.Moves) != n-1 {
		t.Errorf("after undo the store has %d moves, want %d", len(sg.Record.Moves), n-1)
	}
	checkIndex(t, store)
	h2, err := OpenHotseat(store, h.ID())
	if err != nil || h2.Game().Hash() != prev.Hash() {
		t.Errorf("reopened after undo: %v", err)
	}
}

// failingStore fails every Set once armed.
type failingStore struct {
	*MemoryStore
	fail bool
}

func (f *failingStore) Set(k string, v any) error {
	if f.fail {
		return errors.New("QuotaExceededError")
	}
	return f.MemoryStore.Set(k, v)
}

func TestSaveFailureTakesTheMoveBack(t *testing.T) {
	store := &failingStore{MemoryStore: NewMemoryStore()}
	h, err := NewHotseat(store, engine.Config{Players: 2, Seed: 3}, DefaultColours(2))
	if err != nil {
		t.Fatal(err)
	}
	play(t, h, 3)
	before := store.Snapshot()
	hash := h.Game().Hash()
	store.fail = true
	m := h.Game().LegalMoves()[0]
	err = h.Submit(m)
	var e *Error
	if !errors.As(err, &e) || !strings.Contains(e.Msg, "not played") {
		t.Fatalf("Submit with full storage = %v", err)
	}
	if h.Game().Hash() != hash || len(h.Game().Moves()) != 3 {
		t.Error("the unsaved move stayed in the game")
	}
	if !reflect.DeepEqual(store.Snapshot(), before) {
		t.Error("the store changed")
	}
	store.fail = false
	if err := h.Submit(m); err != nil {
		t.Fatalf("the move after storage recovered: %v", err)
	}
}

func TestIndexFailureDropsTheIndex(t *testing.T) {
	// The game key is written, then the index cannot be: the save counts, and the
	// index is removed so that ListGames rebuilds it.
	store := &indexFailStore{MemoryStore: NewMemoryStore()}
	h, err := NewHotseat(store, engine.Config{Players: 2, Seed: 3}, DefaultColours(2))
	if err != nil {
		t.Fatal(err)
	}
	store.failIndex = true
	play(t, h, 2)
	if _, ok := store.Raw(indexKey); ok {
		t.Error("a stale index was left")
	}
	store.failIndex = false
	list, err := ListGames(store)
	if err != nil || len(list) != 1 || list[0].Moves != 2 {
		t.Fatalf("rebuilt list %+v, %v", list, err)
	}
	checkIndex(t, store.MemoryStore)
}

type indexFailStore struct {
	*MemoryStore
	failIndex bool
}

func (f *indexFailStore) Set(k string, v any) error {
	if f.failIndex && k == indexKey {
		return errors.New("QuotaExceededError")
	}
	return f.MemoryStore.Set(k, v)
}

// badRecord is a 3-player record of 8 legal moves whose 5th move is replaced by the 4th
// again, which is not the next player's move.
func badRecord(t *testing.T) engine.Record {
	t.Helper()
	h := newTestGame(t, NewMemoryStore(), newClock())
	play(t, h, 8)
	rec := h.Game().Record()
	rec.Moves[4] = rec.Moves[3]
	if _, err := engine.Replay(rec); err == nil {
		t.Fatal("the bad record replays")
	}
	return rec
}

func TestOpenHotseatBadRecord(t *testing.T) {
	store, c := NewMemoryStore(), newClock()
	h := newTestGame(t, store, c)
	sg, _ := loadGame(store, h.ID())
	sg.Record = badRecord(t)
	if err := store.Set(gameKey(h.ID()), sg); err != nil {
		t.Fatal(err)
	}
	before := store.Snapshot()
	_, err := OpenHotseat(store, h.ID())
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("OpenHotseat = %v", err)
	}
	var re *engine.ReplayError
	if !errors.As(err, &re) || re.Index != 4 {
		t.Errorf("the error does not carry the replay error of move 5: %v", err)
	}
	if !strings.Contains(e.Msg, "Move 5 (") || !strings.Contains(e.Msg, "cannot be replayed") {
		t.Errorf("message %q does not name move 5", e.Msg)
	}
	t.Log(e.Msg)
	if !reflect.DeepEqual(store.Snapshot(), before) {
		t.Error("opening a bad game changed the store")
	}

	// Missing and damaged games.
	if _, err := OpenHotseat(store, "nosuchgame"); !errors.Is(err, ErrNoGame) {
		t.Errorf("missing game: %v", err)
	}
	if _, err := OpenHotseat(store, "../x"); !errors.Is(err, ErrNoGame) {
		t.Errorf("invalid id: %v", err)
	}
	store.SetRaw(gameKey("damaged"), []byte(`{"id":`))
	if _, err := OpenHotseat(store, "damaged"); err == nil || !strings.Contains(err.Error(), "damaged") {
		t.Errorf("damaged game: %v", err)
	}
	// A rebuilt list still shows both, with their errors, so they can be deleted.
	_ = store.Del(indexKey)
	list, err := ListGames(store)
	if err != nil || len(list) != 2 {
		t.Fatalf("ListGames = %+v, %v", list, err)
	}
	for _, s := range list {
		if s.Error == "" {
			t.Errorf("game %s listed without its error", s.ID)
		}
	}
}

func TestOpenHotseatFixesColours(t *testing.T) {
	store := NewMemoryStore()
	h, err := NewHotseat(store, engine.Config{Players: 2, Seed: 3}, []string{"#2e7fc2", "#d0609a"})
	if err != nil {
		t.Fatal(err)
	}
	sg, _ := loadGame(store, h.ID())
	sg.Colours = []string{"url(javascript:x)"}
	_ = store.Set(gameKey(h.ID()), sg)
	h2, err := OpenHotseat(store, h.ID())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(h2.Colours(), DefaultColours(2)) {
		t.Errorf("bad stored colours gave %q", h2.Colours())
	}
}

func TestListGamesAndDelete(t *testing.T) {
	store, c := NewMemoryStore(), newClock()
	a := newTestGame(t, store, c)
	b := newTestGame(t, store, c)
	play(t, a, 3) // a is now the last played
	list, err := ListGames(store)
	if err != nil || len(list) != 2 || list[0].ID != a.ID() || list[1].ID != b.ID() {
		t.Fatalf("list order %+v, %v", list, err)
	}
	if list[0].Moves != 3 || list[0].UpdatedTime().UnixMilli() != list[0].Updated {
		t.Errorf("summary %+v", list[0])
	}
	checkIndex(t, store)

	if err := SetCurrentGame(store, a.ID()); err != nil {
		t.Fatal(err)
	}
	if err := DeleteGame(store, a.ID()); err != nil {
		t.Fatal(err)
	}
	if _, ok := store.Raw(gameKey(a.ID())); ok {
		t.Error("the deleted game is still stored")
	}
	if cur, _ := CurrentGame(store); cur != "" {
		t.Errorf("current still names the deleted game: %q", cur)
	}
	list, _ = ListGames(store)
	if len(list) != 1 || list[0].ID != b.ID() {
		t.Errorf("after delete: %+v", list)
	}
	checkIndex(t, store)
	if err := DeleteGame(store, a.ID()); err != nil {
		t.Errorf("deleting twice: %v", err)
	}
	if _, err := OpenHotseat(store, a.ID()); !errors.Is(err, ErrNoGame) {
		t.Errorf("opening a deleted game: %v", err)
	}
	// Deleting another game leaves the current one alone.
	_ = SetCurrentGame(store, b.ID())
	c2 := newTestGame(t, store, c)
	_ = DeleteGame(store, c2.ID())
	if cur, _ := CurrentGame(store); cur != b.ID() {
		t.Errorf("current = %q", cur)
	}
}

func TestListGamesRepairsTheIndex(t *testing.T) {
	store, c := NewMemoryStore(), newClock()
	a := newTestGame(t, store, c)
	play(t, a, 4)
	b := newTestGame(t, store, c)
	good, _ := ListGames(store)

	// Index lost: rebuilt from the games by replaying them.
	_ = store.Del(indexKey)
	list, err := ListGames(store)
	if err != nil || !reflect.DeepEqual(list, good) {
		t.Errorf("rebuilt\n got %+v\nwant %+v", list, good)
	}
	checkIndex(t, store)

	// Index damaged.
	store.SetRaw(indexKey, []byte(`[{"id":`))
	if list, _ := ListGames(store); !reflect.DeepEqual(list, good) {
		t.Errorf("after damage %+v", list)
	}
	checkIndex(t, store)

	// An entry without its game (and a duplicate) is dropped.
	_ = store.Set(indexKey, append(append([]GameSummary{}, good...), GameSummary{ID: "ghost"}, good[0]))
	if list, _ := ListGames(store); !reflect.DeepEqual(list, good) {
		t.Errorf("with a ghost %+v", list)
	}
	checkIndex(t, store)

	// A game missing from the index is added.
	_ = store.Set(indexKey, good[:1])
	if list, _ := ListGames(store); !reflect.DeepEqual(list, good) {
		t.Errorf("with a missing entry %+v", list)
	}
	checkIndex(t, store)
	_ = b

	// An empty store lists nothing and writes nothing.
	empty := NewMemoryStore()
	if list, err := ListGames(empty); len(list) != 0 || err != nil || len(empty.Snapshot()) != 0 {
		t.Errorf("empty store: %v %v %v", list, err, empty.Snapshot())
	}
}

func TestWinnersInSummary(t *testing.T) {
	// Play the engine's recorded 2-player game, to its end, move by move through the
	// hotseat, and check the summary against the standings recorded with it.
	rec, standings := loadFixture(t, "game-2p.json")
	store := NewMemoryStore()
	h, err := NewHotseat(store, rec.Config, DefaultColours(2))
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range rec.Moves {
		if err := h.Submit(m); err != nil {
			t.Fatalf("fixture move %d %s: %v", i+1, m, err)
		}
	}
	if !h.Game().Over() {
		t.Fatalf("the fixture game did not end after its %d moves", len(rec.Moves))
	}
	s := h.Summary()
	if !s.Over || len(s.Winners) == 0 || s.Era != "Rail Era" {
		t.Errorf("summary of a finished game %+v", s)
	}
	if best := h.Game().State().Standings()[0].VP; s.WinnerVP != best {
		t.Errorf("summary says the winner has %d VP, the standings %d", s.WinnerVP, best)
	}
	var winners []string
	for _, st := range standings {
		if st.Rank == 1 {
			winners = append(winners, rec.Config.Names[st.Player])
		}
	}
	if !reflect.DeepEqual(s.Winners, winners) || s.WinnerVP != standings[0].VP {
		t.Errorf("summary: winners %q with %d VP; the fixture's: %q with %d VP", s.Winners, s.WinnerVP, winners, standings[0].VP)
	}
	list, _ := ListGames(store)
	if !reflect.DeepEqual(list[0], s) {
		t.Errorf("index %+v\nsummary %+v", list[0], s)
	}
	checkIndex(t, store)
}

// loadFixture reads one of the engine's recorded whole games (engine/testdata), with the
// standings it ends in; a missing or unreadable fixture fails the test.
func loadFixture(t *testing.T, name string) (engine.Record, []engine.Standing) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "engine", "testdata", name))
	if err != nil {
		t.Fatalf("the engine's fixture game is missing: %v", err)
	}
	var f struct {
		Record    engine.Record     `json:"record"`
		Standings []engine.Standing `json:"standings"`
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatalf("fixture %s: %v", name, err)
	}
	if len(f.Record.Moves) == 0 || len(f.Standings) == 0 {
		t.Fatalf("fixture %s has no moves or no standings", name)
	}
	return f.Record, f.Standings
}

// A Lancashire hotseat game is saved with its rule set and named by it in the list.
func TestNewHotseatLancashire(t *testing.T) {
	store := NewMemoryStore()
	h, err := NewHotseat(store, engine.Config{Edition: "lancashire", Rules: "original", Players: 3}, DefaultColours(3))
	if err != nil {
		t.Fatal(err)
	}
	if c := h.Game().Config(); c.Edition != "lancashire" || c.Rules != "original" {
		t.Errorf("config %+v", c)
	}
	list, err := ListGames(store)
	if err != nil || len(list) != 1 || list[0].Edition != "Brass: Lancashire (original rules)" {
		t.Errorf("ListGames = %+v, %v", list, err)
	}
	if _, err := NewHotseat(store, engine.Config{Edition: "lancashire", Rules: "original", Players: 2}, DefaultColours(2)); err == nil {
		t.Error("the original rules are for 3 and 4 players")
	}
}

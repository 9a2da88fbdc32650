package app

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"brass/engine"
)

// The storage layout. Every game has its own key; the index repeats what the saved-games
// list shows, so the list never replays games; the current key names the game on screen,
// so a reload resumes it.
const (
	gameKeyPrefix = "brass/game/" // + id → savedGame
	// dealPassesPrefix + id → the passes of a dealt game's locked deals (online_play.go):
	// written once per deal, apart from the game, which is saved after every move.
	dealPassesPrefix = "brass/deal-passes/"
	indexKey         = "brass/games" // → []GameSummary
	currentKey       = "brass/current"
)

func gameKey(id string) string { return gameKeyPrefix + id }

// savedGame is what is stored under brass/game/<id>.
type savedGame struct {
	ID      string        `json:"id"`
	Created int64         `json:"created"` // unix ms
	Updated int64         `json:"updated"` // unix ms
	Colours []string      `json:"colours"`
	Record  engine.Record `json:"record"`
	// Online is set for a game played over the network.
	Online *onlineMeta `json:"online,omitempty"`
	// Bots gives, by seat, the level of the bot playing it ("" for a person); empty when
	// people play every seat.
	Bots []string `json:"bots,omitempty"`
}

// GameSummary is one entry of the saved-games list (the index under brass/games).
type GameSummary struct {
	ID       string   `json:"id"`
	Names    []string `json:"names"`
	Colours  []string `json:"colours"`
	Players  int      `json:"players"`
	Edition  string   `json:"edition,omitempty"` // the edition's name with its rule set: "Brass: Lancashire"
	Moves    int      `json:"moves"`
	Era      string   `json:"era"` // "Canal Era" or "Rail Era"
	Round    int      `json:"round"`
	Over     bool     `json:"over"`
	Winners  []string `json:"winners,omitempty"`   // names of the players ranked first, once over
	WinnerVP int      `json:"winner_vp,omitempty"` // their VP, once over
	Created  int64    `json:"created"`             // unix ms
	Updated  int64    `json:"updated"`             // unix ms
	// Room is the room code of an online game ("" for a game on this device only), and Seat
	// the seat this device plays in it.
	Room string `json:"room,omitempty"`
	Seat int    `json:"seat,omitempty"`
	// Pace: an online game played at each player's own pace; Lobby: one whose players are
	// still gathering (Waiting says for what). Turn names the player to move in an online
	// game, and YourTurn says it is this device's player (as of the game's last save here).
	Pace     bool   `json:"pace,omitempty"`
	Lobby    bool   `json:"lobby,omitempty"`
	Waiting  string `json:"waiting,omitempty"`
	Turn     string `json:"turn,omitempty"`
	YourTurn bool   `json:"your_turn,omitempty"`
	// Error is set when the stored game does not replay (it cannot be opened, only
	// exported or deleted); the other fields then describe the valid part.
	Error string `json:"error,omitempty"`
}

// UpdatedTime is Updated as a time.
func (s GameSummary) UpdatedTime() time.Time { return time.UnixMilli(s.Updated) }

// ErrNoGame is wrapped by the error for a game id that is not stored.
var ErrNoGame = errors.New("no such saved game")

// Error is a refusal with a message for the player (Msg, a sentence or two) and the
// cause underneath (Err, for errors.Is and errors.As: an *engine.ReplayError, an
// *engine.Error, ErrNoGame, ErrStorage…).
type Error struct {
	Msg string
	Err error
}

func (e *Error) Error() string { return e.Msg }

// Unwrap gives the cause.
func (e *Error) Unwrap() error { return e.Err }

// Option adjusts how games are created and saved.
type Option func(*options)

type options struct {
	now      func() time.Time
	bots     []string
	botPause time.Duration
}

// WithClock makes the created and updated times come from now instead of time.Now.
func WithClock(now func() time.Time) Option { return func(o *options) { o.now = now } }

// WithBots makes seats bots: by seat, "" for a person or a level ("easy", "medium", "hard").
func WithBots(levels []string) Option {
	return func(o *options) { o.bots = append([]string(nil), levels...) }
}

// WithBotPause sets the least time a bot's move takes to appear (tests: 0).
func WithBotPause(d time.Duration) Option { return func(o *options) { o.botPause = d } }

func makeOptions(opts []Option) options {
	o := options{now: time.Now, botPause: DefaultBotPause}
	for _, f := range opts {
		f(&o)
	}
	return o
}

// newID returns a fresh game id: 12 hex digits from crypto/rand, not used in store.
func newID(store Store) (string, error) {
	for {
		var b [6]byte
		_, _ = rand.Read(b[:])
		id := hex.EncodeToString(b[:])
		var probe savedGame
		ok, err := store.Get(gameKey(id), &probe)
		if err != nil && !ok {
			return "", err
		}
		if !ok {
			return id, nil
		}
	}
}

// validID reports whether id can name a game key (ids are made by newID, but the current
// key and the index are read from storage and may hold anything).
func validID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// loadGame reads a stored game.
func loadGame(store Store, id string) (savedGame, error) {
	var sg savedGame
	if !validID(id) {
		return sg, &Error{Msg: fmt.Sprintf("There is no saved game %q.", id), Err: ErrNoGame}
	}
	ok, err := store.Get(gameKey(id), &sg)
	if err != nil {
		return sg, &Error{Msg: "This saved game is damaged and cannot be read.", Err: err}
	}
	if !ok {
		return sg, &Error{Msg: "This saved game no longer exists.", Err: ErrNoGame}
	}
	sg.ID = id
	return sg, nil
}

// replayStored rebuilds a stored game. A record that does not replay is an error naming
// the move and the reason; the game after the valid prefix comes with it when there is one.
func replayStored(rec engine.Record) (*engine.Game, error) {
	g, err := engine.Replay(rec)
	if err == nil {
		return g, nil
	}
	var re *engine.ReplayError
	if errors.As(err, &re) {
		return g, &Error{Msg: describeReplayError(g, rec, re), Err: err}
	}
	return nil, &Error{Msg: "Its setup is not valid: " + sentence(err.Error()), Err: err}
}

// describeReplayError says which move failed and why: "Move 5 (build by Ada) cannot be
// replayed: …".
func describeReplayError(g *engine.Game, rec engine.Record, re *engine.ReplayError) string {
	what := ""
	if re.Index >= 0 && re.Index < len(rec.Moves) {
		m := rec.Moves[re.Index]
		who := DefaultName(m.Player)
		if g != nil && m.Player >= 0 && m.Player < rec.Config.Players {
			who = g.State().Name(m.Player)
		}
		what = fmt.Sprintf(" (%s by %s)", strings.ReplaceAll(m.Type, "_", " "), who)
	}
	return fmt.Sprintf("Move %d%s cannot be replayed: %s", re.Index+1, what, sentence(re.Err.Error()))
}

// sentence capitalises s and ends it with a full stop.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	if c := s[0]; c >= 'a' && c <= 'z' {
		s = string(c-'a'+'A') + s[1:]
	}
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "!") && !strings.HasSuffix(s, "?") {
		s += "."
	}
	return s
}

// editionName is the name of a config's edition and rule set ("" when unknown).
func editionName(cfg engine.Config) string {
	if ed, ok := engine.EditionFor(cfg.Edition, cfg.Rules); ok {
		return ed.Name
	}
	return ""
}

// summarize describes a game for the saved-games list.
func summarize(sg savedGame, g *engine.Game) GameSummary {
	sum := GameSummary{
		ID:      sg.ID,
		Colours: append([]string(nil), sg.Colours...),
		Players: sg.Record.Config.Players,
		Edition: editionName(sg.Record.Config),
		Moves:   len(sg.Record.Moves),
		Created: sg.Created,
		Updated: sg.Updated,
	}
	if sg.Online != nil {
		sum.Room, sum.Pace = sg.Online.Room, sg.Online.Pace != nil
		for i, p := range sg.Online.Players {
			if p == sg.Online.Me {
				sum.Seat = i
			}
		}
	}
	if g == nil {
		sum.Names = append([]string(nil), sg.Record.Config.Names...)
		sum.Era = engine.Canal.String()
		return sum
	}
	s := g.State()
	sum.Players = int(s.NumPlayers)
	for p := 0; p < sum.Players; p++ {
		sum.Names = append(sum.Names, s.Name(p))
	}
	sum.Era, sum.Round, sum.Over = s.Era.String(), int(s.Round), g.Over()
	if sg.Online != nil && !sum.Over {
		sum.Turn, sum.YourTurn = s.Name(s.Actor()), s.Actor() == sum.Seat
	}
	if sum.Over {
		for _, st := range s.Standings() {
			if st.Rank == 1 {
				sum.Winners = append(sum.Winners, s.Name(st.Player))
				sum.WinnerVP = st.VP
			}
		}
	}
	return sum
}

// summarizeStored replays a stored game to describe it (when the index lacks it).
func summarizeStored(sg savedGame) GameSummary {
	g, err := replayStored(sg.Record)
	sum := summarize(sg, g)
	if err != nil {
		sum.Error = err.Error()
	}
	return sum
}

// saveGame writes the game under its key, then its entry in the index. The game key is
// the truth: once it is written the save has happened, and if the index cannot follow it
// is dropped, so that ListGames rebuilds it from the games.
func saveGame(store Store, sg savedGame, g *engine.Game) error {
	if err := store.Set(gameKey(sg.ID), sg); err != nil {
		return err
	}
	sum := summarize(sg, g)
	indexed(store, func(list []GameSummary) []GameSummary {
		for i := range list {
			if list[i].ID == sg.ID {
				list[i] = sum
				return list
			}
		}
		return append(list, sum)
	})
	return nil
}

// indexed edits the index; if the new index cannot be written the old one is removed
// (ListGames then rebuilds it), so it never describes games wrongly.
func indexed(store Store, edit func([]GameSummary) []GameSummary) {
	if err := updateIndex(store, edit); err != nil {
		_ = store.Del(indexKey)
	}
}

// readIndex reads the index; a missing or damaged index reads as empty (ListGames
// rebuilds it from the game keys).
func readIndex(store Store) []GameSummary {
	var list []GameSummary
	if _, err := store.Get(indexKey, &list); err != nil {
		return nil
	}
	return list
}

func updateIndex(store Store, edit func([]GameSummary) []GameSummary) error {
	list := edit(readIndex(store))
	sortSummaries(list)
	if list == nil {
		list = []GameSummary{}
	}
	return store.Set(indexKey, list)
}

// sortSummaries orders the list as the start screen shows it: the online games where it is
// this device's player's turn first, then last played first.
func sortSummaries(list []GameSummary) {
	sort.SliceStable(list, func(i, j int) bool {
		if list[i].YourTurn != list[j].YourTurn {
			return list[i].YourTurn
		}
		if list[i].Updated != list[j].Updated {
			return list[i].Updated > list[j].Updated
		}
		return list[i].ID < list[j].ID
	})
}

// ListGames returns the saved games, last played first. It checks the index against the
// stored games and repairs it (entries without a game are dropped, games without an entry
// are replayed and added), so an interrupted save never hides or invents a game.
func ListGames(store Store) ([]GameSummary, error) {
	keys, err := store.Keys(gameKeyPrefix)
	if err != nil {
		return nil, err
	}
	stored := map[string]bool{}
	for _, k := range keys {
		stored[strings.TrimPrefix(k, gameKeyPrefix)] = true
	}
	index := readIndex(store)
	var list []GameSummary
	seen := map[string]bool{}
	changed := false
	for _, s := range index {
		if !stored[s.ID] || seen[s.ID] {
			changed = true
			continue
		}
		seen[s.ID] = true
		list = append(list, s)
	}
	for _, k := range keys {
		id := strings.TrimPrefix(k, gameKeyPrefix)
		if seen[id] {
			continue
		}
		changed = true
		sg, err := loadGame(store, id)
		if err != nil {
			list = append(list, GameSummary{ID: id, Error: err.Error()})
			continue
		}
		list = append(list, summarizeStored(sg))
	}
	sortSummaries(list)
	if changed {
		out := list
		if out == nil {
			out = []GameSummary{}
		}
		// The list is right even if the repaired index cannot be written.
		_ = store.Set(indexKey, out)
	}
	lobbies, err := paceLobbies(store)
	if len(lobbies) > 0 {
		list = append(list, lobbies...)
		sortSummaries(list)
	}
	return list, err
}

// DeleteGame removes a saved game and its index entry, and forgets it as the current
// game. Deleting a game that is not stored is not an error.
func DeleteGame(store Store, id string) error {
	if err := store.Del(gameKey(id)); err != nil {
		return err
	}
	_ = DeleteDraft(store, id) // a draft without its game is never read again
	_ = store.Del(seenKeyPrefix + id)
	_ = store.Del(dealPassesPrefix + id)
	_ = store.Del(paceLobbyPrefix + id)
	indexed(store, func(list []GameSummary) []GameSummary {
		out := list[:0]
		for _, s := range list {
			if s.ID != id {
				out = append(out, s)
			}
		}
		return out
	})
	if cur, _ := CurrentGame(store); cur == id {
		return SetCurrentGame(store, "")
	}
	return nil
}

// CurrentGame returns the id of the game that was open, or "" when none was.
func CurrentGame(store Store) (string, error) {
	var id string
	if _, err := store.Get(currentKey, &id); err != nil {
		return "", err
	}
	if id != "" && !validID(id) {
		return "", nil
	}
	return id, nil
}

// SetCurrentGame records the game now open; "" clears it (back on the start screen).
func SetCurrentGame(store Store, id string) error {
	if id == "" {
		return store.Del(currentKey)
	}
	return store.Set(currentKey, id)
}

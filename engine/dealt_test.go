package engine

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"
)

// A dealt game (Config.Dealt) is one device's copy of a game whose cards the players'
// devices deal together. These tests play the same game three ways at once: dealt from the
// seed (the reference, which knows every card), and one dealt game per seat, each shown
// only what a deal would show that seat: its own draws, and each Distant Market tile as a
// sale turns it over. After every move each seat's game must be what the reference shows
// that seat (its View), hold nothing more, keep every invariant, and agree with the other
// seats on the public hash.

// dealtTable is the reference game and one dealt game per seat.
type dealtTable struct {
	t     *testing.T
	ref   *Game
	seats []*Game
	decks map[Era][]uint8 // each era's deck as the reference shuffled it
	seen  []int           // per seat: how many of its draws were handled
}

func newDealtTable(t *testing.T, cfg Config) *dealtTable {
	t.Helper()
	ref, err := NewGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	tb := &dealtTable{t: t, ref: ref, decks: map[Era][]uint8{}}
	dealt := cfg
	dealt.Dealt = true
	for range cfg.Players {
		g, err := NewGame(dealt)
		if err != nil {
			t.Fatal(err)
		}
		tb.seats = append(tb.seats, g)
		tb.seen = append(tb.seen, 0)
	}
	tb.noteDeck()
	tb.showDraws()
	tb.compare("setup")
	return tb
}

// noteDeck keeps the reference's deck of the era it is in: the deck array keeps the cards
// drawn past its end, so the whole era's deck is there until the next era's reshuffle.
func (tb *dealtTable) noteDeck() {
	s := tb.ref.State()
	if _, ok := tb.decks[s.Era]; ok {
		return
	}
	n := 0
	for _, c := range s.ed.Cards {
		if c.Type != WildLocationCard && c.Type != WildIndustryCard {
			n += c.Count[s.NumPlayers]
		}
	}
	tb.decks[s.Era] = append([]uint8(nil), s.Deck[:n]...)
}

// showDraws shows each seat's game the cards dealt to that seat since last time, as the
// deal would open them for that seat's device alone.
func (tb *dealtTable) showDraws() {
	tb.t.Helper()
	for seat, g := range tb.seats {
		draws := g.Draws()
		for _, d := range draws[tb.seen[seat]:] {
			if d.Seat != seat || d.FaceDown {
				continue
			}
			card := g.State().ed.Cards[tb.decks[d.Era][d.Position]].ID
			if err := g.Reveal(Reveal{Era: d.Era, Position: d.Position, Card: card}); err != nil {
				tb.t.Fatalf("seat %d: showing %s at %d: %v", seat, card, d.Position, err)
			}
		}
		tb.seen[seat] = len(draws)
	}
}

// apply makes the move in the reference and in every seat's game, turning over the
// Distant Market tile first where a seat's game needs it.
func (tb *dealtTable) apply(m Move) {
	tb.t.Helper()
	ref := tb.ref.State()
	a, err := ref.ed.Decode(m)
	if err != nil {
		tb.t.Fatal(err)
	}
	for seat, g := range tb.seats {
		r, need := g.NeedsReveal(m)
		if want := a.drawsDistant() && ref.DistantLeft > 0; need != want {
			tb.t.Fatalf("seat %d: move %d (%+v) needs a tile turned over: %v, want %v", seat, len(tb.ref.Moves()), m, need, want)
		}
		if need {
			if err := g.Apply(m); !errors.Is(err, ErrHidden) {
				tb.t.Fatalf("seat %d: a sale before its tile was turned over: %v, want ErrHidden", seat, err)
			}
			r.Tile = ref.ed.DistantTiles[ref.Distant[r.Position]].ID
			if err := g.Reveal(r); err != nil {
				tb.t.Fatalf("seat %d: turning over %s: %v", seat, r.Tile, err)
			}
		}
		if err := g.Apply(m); err != nil {
			tb.t.Fatalf("seat %d: move %d (%+v): %v", seat, len(tb.ref.Moves()), m, err)
		}
	}
	if err := tb.ref.Apply(m); err != nil {
		tb.t.Fatal(err)
	}
	tb.noteDeck()
	tb.showDraws()
	tb.compare("move " + itoa(len(tb.ref.Moves())))
}

// compare checks every seat's game against what the reference shows that seat.
func (tb *dealtTable) compare(when string) {
	tb.t.Helper()
	hash := tb.seats[0].Hash()
	for seat, g := range tb.seats {
		s := g.State()
		if err := s.CheckInvariants(); err != nil {
			tb.t.Fatalf("%s, seat %d: %v", when, seat, err)
		}
		want := tb.ref.State().View(seat)
		want.Dealt = true
		got := s.View(seat)
		if !bytes.Equal(encoded(&got), encoded(&want)) {
			tb.t.Fatalf("%s, seat %d: the dealt game's view differs from the reference's:\n got %+v\nwant %+v", when, seat, got.Players[:s.NumPlayers], want.Players[:s.NumPlayers])
		}
		// The game holds nothing its seat's View would hide: no other hand (but the wild
		// cards, taken face up), no deck order, no face-down card, no Distant Market tile
		// not turned over.
		whole := *s
		whole.rng = rng{}
		for p := range int(s.NumPlayers) {
			for k, c := range s.ed.Cards {
				if p != seat && (c.Type == WildLocationCard || c.Type == WildIndustryCard) {
					whole.Players[p].Hand[k] = 0
				}
			}
		}
		if !bytes.Equal(encoded(&whole), encoded(&got)) {
			tb.t.Fatalf("%s, seat %d: the dealt game holds more than its seat may see", when, seat)
		}
		if g.Hash() != hash {
			tb.t.Fatalf("%s: seats 0 and %d disagree on the public hash", when, seat)
		}
	}
}

func encoded(s *State) []byte { b, _ := s.MarshalBinary(); return b }

// pick chooses a move as greedyMove does, but a sale to the Distant Market whenever there
// is one, so that its tiles are turned over often.
func pick(g *Game, r *rand.Rand) Move {
	s := g.State()
	legal := s.Legal(nil)
	for _, a := range legal {
		if a.drawsDistant() {
			return s.ed.Encode(a)
		}
	}
	return s.ed.Encode(greedyMove(s, legal, r))
}

// TestDealtGamesMatchTheSeededGame plays whole games in every edition and player count, a
// seat's dealt game shown only its own cards (Birmingham "Game Setup" 4 and 5: eight cards
// each and one face down; Lancashire's set-aside cards; "End of the Canal Era": the discards
// reshuffled and new hands dealt; the Distant Market stack turned over one tile a sale).
func TestDealtGamesMatchTheSeededGame(t *testing.T) {
	for _, e := range editions {
		for _, n := range e.playerCounts() {
			for seed := uint64(1); seed <= 3; seed++ {
				cfg := e.config(n)
				cfg.Seed = 40 + seed
				t.Run(e.name+"/"+itoa(n)+"p/seed-"+itoa(int(cfg.Seed)), func(t *testing.T) { playDealt(t, e.name, cfg) })
			}
		}
	}
}

// playDealt plays one game at the table, to the end, and replays each seat's record.
func playDealt(t *testing.T, edition string, cfg Config) {
	tb := newDealtTable(t, cfg)
	r := rand.New(rand.NewPCG(cfg.Seed, 11))
	tiles := 0
	for !tb.ref.Over() {
		m := pick(tb.ref, r)
		if a, _ := tb.ref.State().ed.Decode(m); a.drawsDistant() {
			tiles++
		}
		tb.apply(m)
	}
	if edition != "birmingham" && tiles == 0 {
		t.Error("no sale turned over a Distant Market tile: the test does not exercise it")
	}
	for seat, g := range tb.seats {
		if g.State().Era != Rail || !g.Over() {
			t.Fatalf("seat %d: the game did not reach the end of the Rail Era", seat)
		}
		again, err := Replay(g.Record())
		if err != nil {
			t.Fatalf("seat %d: replaying its record: %v", seat, err)
		}
		if !bytes.Equal(encoded(again.State()), encoded(g.State())) {
			t.Fatalf("seat %d: its record replays to another state", seat)
		}
	}
	t.Logf("%d moves, %d Distant Market tiles turned over", len(tb.ref.Moves()), tiles)
}

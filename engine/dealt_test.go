package engine

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"reflect"
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
	// The mover's own game offers the same moves and previews them alike.
	mover := tb.seats[ref.Actor()]
	if got, want := mover.LegalMoves(), tb.ref.LegalMoves(); !reflect.DeepEqual(got, want) {
		tb.t.Fatalf("move %d: the mover's game offers %d moves, the reference %d", len(tb.ref.Moves()), len(got), len(want))
	}
	got, err1 := mover.Preview(m)
	want, err2 := tb.ref.Preview(m)
	if err1 != nil || err2 != nil || len(got) != len(want) {
		tb.t.Fatalf("move %d: previews differ: %d outcomes (%v) against %d (%v)", len(tb.ref.Moves()), len(got), err1, len(want), err2)
	}
	for i := range got {
		if !reflect.DeepEqual(got[i].Entries, want[i].Entries) || got[i].Tiles != want[i].Tiles {
			tb.t.Fatalf("move %d: previews differ: %v against %v", len(tb.ref.Moves()), got[i].Entries, want[i].Entries)
		}
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
		if h := s.Held(seat); h != (Held{}) {
			tb.t.Fatalf("%s, seat %d: the dealt game holds %+v", when, seat, h)
		}
		if h := tb.ref.State().Held(seat); h.Deck != int(s.DeckLen) || s.Round == 1 && s.Era == Canal && h.OtherHands == 0 {
			tb.t.Fatalf("%s: the reference, dealt from its seed, holds only %+v of what seat %d may not see", when, h, seat)
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

// TestDealtRevealRefusesBadInput: what a deal shows a dealt game is checked against the
// game: a card must be dealt to a hand at that position in this era and not shown before,
// and it must be a card the game has not seen every copy of; a tile must be the hidden top
// of the stack. A refused reveal changes nothing.
func TestDealtRevealRefusesBadInput(t *testing.T) {
	cfg := Config{Edition: "birmingham", Players: 2, Seed: 5}
	tb := newDealtTable(t, cfg)
	g := tb.seats[0]
	s := g.State()
	var faceDown, other Draw
	for _, d := range g.Draws() {
		if d.FaceDown {
			faceDown = d
		} else if d.Seat == 1 {
			other = d
		}
	}
	own := g.Draws()[0]
	ownCard := s.ed.Cards[tb.decks[Canal][own.Position]].ID
	// Seat 0 is made to hold every copy of a card kind, which no other position can then be.
	seenAll := s.HandCards(0)[0]
	if s.ed.Cards[seenAll].ID == ownCard {
		seenAll = s.HandCards(0)[len(s.HandCards(0))-1]
	}
	s.Players[0].HandLen += uint8(s.ed.Cards[seenAll].Count[2]) - s.Players[0].Hand[seenAll]
	s.Players[0].Hand[seenAll] = uint8(s.ed.Cards[seenAll].Count[2])
	cases := []struct {
		name string
		r    Reveal
		kind error
	}{
		{"a card shown twice", Reveal{Era: Canal, Position: own.Position, Card: ownCard}, ErrMalformed},
		{"a face-down discard", Reveal{Era: Canal, Position: faceDown.Position, Card: ownCard}, ErrMalformed},
		{"a position not dealt yet", Reveal{Era: Canal, Position: 0, Card: ownCard}, ErrMalformed},
		{"another era", Reveal{Era: Rail, Position: other.Position, Card: ownCard}, ErrStale},
		{"no such card", Reveal{Era: Canal, Position: other.Position, Card: "nowhere"}, ErrMalformed},
		{"a wild card", Reveal{Era: Canal, Position: other.Position, Card: s.ed.Cards[s.ed.wildLoc].ID}, ErrMalformed},
		{"a card and a tile", Reveal{Era: Canal, Position: other.Position, Card: ownCard, Tile: "x"}, ErrMalformed},
		{"nothing", Reveal{Era: Canal, Position: other.Position}, ErrMalformed},
		{"a Distant Market tile in Birmingham", Reveal{Era: Canal, Position: 0, Tile: "x"}, ErrMalformed},
		{"a card whose every copy is seen", Reveal{Era: Canal, Position: other.Position, Card: s.ed.Cards[seenAll].ID}, ErrMalformed},
	}
	before, hash, reveals := encoded(s), g.Hash(), len(g.Reveals())
	for _, c := range cases {
		err := g.Reveal(c.r)
		if !errors.Is(err, c.kind) {
			t.Errorf("%s: %v, want %v", c.name, err, c.kind)
		}
		if !bytes.Equal(encoded(g.State()), before) || g.Hash() != hash || len(g.Reveals()) != reveals {
			t.Fatalf("%s: the refused reveal changed the game", c.name)
		}
	}
	seeded, _ := NewGame(cfg)
	if err := seeded.Reveal(Reveal{Era: Canal, Position: own.Position, Card: ownCard}); !errors.Is(err, ErrNotAvailable) {
		t.Errorf("a reveal in a game dealt from the seed: %v, want ErrNotAvailable", err)
	}
}

// TestDealtCardsPlayedFromUnknownCards: a dealt game takes a card another seat plays from
// its unknown cards as the card named ("Player Turns": discard a card for each action),
// but only a card of which a copy is unseen, never a wild card (taken face up), and never
// more cards than the hand holds unknown.
func TestDealtCardsPlayedFromUnknownCards(t *testing.T) {
	cfg := Config{Edition: "birmingham", Players: 2, Seed: 9}
	tb := newDealtTable(t, cfg)
	actor := tb.ref.State().Actor()
	g := tb.seats[1-actor] // the other seat's game: the actor's hand is unknown there
	s := g.State()
	if s.unknownCards(actor) != s.ed.Rules.HandSize {
		t.Fatalf("the actor's hand has %d unknown cards, want %d", s.unknownCards(actor), s.ed.Rules.HandSize)
	}
	watcher := &s.Players[1-actor]
	gone := s.HandCards(1 - actor)[0] // the watcher is made to hold every copy of a kind
	watcher.HandLen += uint8(s.ed.Cards[gone].Count[2]) - watcher.Hand[gone]
	watcher.Hand[gone] = uint8(s.ed.Cards[gone].Count[2])
	unseen := s.cardsUnseen()
	if unseen[gone] != 0 {
		t.Fatalf("%d copies of %s unseen", unseen[gone], s.ed.Cards[gone].ID)
	}
	if r := s.cardsHeldRule(actor, gone); r.Rule != RuleCardNotHeld {
		t.Errorf("a card whose every copy the watcher holds: %v, want card_not_held", r.Rule)
	}
	if r := s.cardsHeldRule(actor, s.ed.wildLoc); r.Rule != RuleCardNotHeld {
		t.Errorf("a wild card from unknown cards: %v, want card_not_held", r.Rule)
	}
	some := NoCard
	for k, n := range unseen[:len(s.ed.Cards)] {
		if t := s.ed.Cards[k].Type; n >= 3 && t != WildLocationCard && t != WildIndustryCard {
			some = CardKind(k)
		}
	}
	if r := s.cardsHeldRule(actor, some, some, some); !r.OK() {
		t.Errorf("three unseen cards from eight unknown: %v", r.Rule)
	}
	s.Players[actor].HandLen = 2 // (a hand of two unknown cards)
	if r := s.cardsHeldRule(actor, some, some, some); r.Rule != RuleCardNotHeld {
		t.Errorf("three cards from two unknown: %v, want card_not_held", r.Rule)
	}
}

// TestDealtDistantSaleWaitsForItsTile: in a dealt game a sale to the Distant Market
// (Lancashire, Roxley summary "Sell") is refused with ErrHidden, changing nothing, until
// the tile it turns over is shown; a sale refused by the rules is refused for that reason
// and needs no tile, so no tile is turned over for it.
func TestDealtDistantSaleWaitsForItsTile(t *testing.T) {
	cfg := Config{Edition: "lancashire", Players: 2, Seed: 41}
	tb := newDealtTable(t, cfg)
	r := rand.New(rand.NewPCG(cfg.Seed, 11))
	for !tb.ref.Over() {
		s := tb.ref.State()
		for _, a := range s.Legal(nil) {
			if !a.drawsDistant() {
				continue
			}
			g := tb.seats[0]
			m := s.ed.Encode(a)
			before, hash := encoded(g.State()), g.Hash()
			if err := g.Apply(m); !errors.Is(err, ErrHidden) {
				t.Fatalf("a sale before its tile is shown: %v, want ErrHidden", err)
			}
			if err := g.Check(m); err != nil {
				t.Fatalf("Check of a legal sale whose tile is hidden: %v", err)
			}
			if !bytes.Equal(encoded(g.State()), before) || g.Hash() != hash {
				t.Fatal("the refused sale changed the game")
			}
			bad := m
			bad.Player = 1 - m.Player
			if _, need := g.NeedsReveal(bad); need {
				t.Fatal("a sale out of turn asks for its tile to be turned over")
			}
			if err := g.Reveal(Reveal{Era: s.Era, Position: int(s.DistantLeft) - 2, Tile: s.ed.DistantTiles[0].ID}); !errors.Is(err, ErrMalformed) || s.DistantLeft < 2 {
				t.Fatalf("turning over a tile under the top: %v", err)
			}
			return
		}
		tb.apply(pick(tb.ref, r))
	}
	t.Fatal("no sale to the Distant Market came up")
}

// TestDealtRecordRefusesBadReveals: a dealt game's record replays its reveals in order;
// reveals out of order or past its last move are refused as malformed.
func TestDealtRecordRefusesBadReveals(t *testing.T) {
	tb := newDealtTable(t, Config{Edition: "birmingham", Players: 2, Seed: 3})
	r := rand.New(rand.NewPCG(3, 11))
	for range 20 {
		tb.apply(pick(tb.ref, r))
	}
	rec := tb.seats[0].Record()
	if len(rec.Reveals) < 10 {
		t.Fatalf("only %d reveals", len(rec.Reveals))
	}
	swapped := rec
	swapped.Reveals = append([]Reveal(nil), rec.Reveals...)
	last := len(swapped.Reveals) - 1
	swapped.Reveals[0], swapped.Reveals[last] = swapped.Reveals[last], swapped.Reveals[0]
	if _, err := Replay(swapped); !errors.Is(err, ErrMalformed) {
		t.Errorf("reveals out of order: %v, want malformed", err)
	}
	late := rec
	late.Reveals = append(append([]Reveal(nil), rec.Reveals...), Reveal{Move: len(rec.Moves) + 1, Era: Canal, Position: 1, Card: "x"})
	if _, err := Replay(late); !errors.Is(err, ErrMalformed) {
		t.Errorf("a reveal past the last move: %v, want malformed", err)
	}
}

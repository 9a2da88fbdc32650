package online

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"

	"brass/engine"
)

// table is a game's genesis with every seat's identity, made from a test seed.
type table struct {
	g   Genesis
	ids []Identity
}

// seededReader is a deterministic byte source for key generation in tests.
type seededReader struct{ r *rand.ChaCha8 }

func (s seededReader) Read(p []byte) (int, error) { return s.r.Read(p) }

func newTable(t testing.TB, players int, seed uint64) table {
	t.Helper()
	var key [32]byte
	key[0] = byte(seed)
	src := seededReader{rand.NewChaCha8(key)}
	tb := table{g: Genesis{Game: "g-test", Config: engine.Config{Edition: "birmingham", Players: players, Seed: seed}}}
	for i := 0; i < players; i++ {
		id, err := NewIdentity(src)
		if err != nil {
			t.Fatal(err)
		}
		tb.ids = append(tb.ids, id)
		tb.g.Keys = append(tb.g.Keys, id.Public())
	}
	return tb
}

func (tb table) ledger(t testing.TB) *Ledger {
	t.Helper()
	l, err := NewLedger(tb.g)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// legal picks a legal move for the player to act, deterministically from r.
func legal(t testing.TB, g *engine.Game, r *rand.Rand) engine.Move {
	t.Helper()
	moves := g.LegalMoves()
	if len(moves) == 0 {
		t.Fatal("no legal move")
	}
	return moves[r.IntN(len(moves))]
}

// signNext signs a legal move for whoever is to act, by their own key.
func (tb table) signNext(t testing.TB, l *Ledger, r *rand.Rand) Signed {
	t.Helper()
	m := legal(t, l.Game(), r)
	return tb.ids[m.Player].SignMove(tb.g.Game, l.Next(), m, false)
}

func refusedAs(t *testing.T, err error, want RefuseKind) {
	t.Helper()
	var r *Refusal
	if !errors.As(err, &r) || r.Kind != want {
		t.Fatalf("got %v, want a refusal of kind %d", err, want)
	}
}

// An honest game: every move signed by its seat's key is accepted, the record verifies as a
// whole, and survives JSON (the stored and exported form).
func TestHonestGameVerifies(t *testing.T) {
	tb := newTable(t, 3, 7)
	l := tb.ledger(t)
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 60; i++ {
		if err := l.Append(tb.signNext(t, l, r), nil); err != nil {
			t.Fatalf("move %d: %v", i+1, err)
		}
	}
	data, err := json.Marshal(l.Moves())
	if err != nil {
		t.Fatal(err)
	}
	var back []Signed
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	v, err := VerifyRecord(tb.g, back, nil, AnyRunner)
	if err != nil {
		t.Fatal(err)
	}
	if v.Game().Hash() != l.Game().Hash() || v.Len() != 60 {
		t.Fatalf("the verified record builds another game")
	}
}

// A move whose signature was tampered with, or signed by a key that holds no seat, or by
// another seat's key, is refused and changes nothing.
func TestForgedMovesRefused(t *testing.T) {
	tb := newTable(t, 2, 3)
	l := tb.ledger(t)
	r := rand.New(rand.NewPCG(3, 4))
	before := l.Game().Hash()
	honest := tb.signNext(t, l, r)

	bad := honest
	bad.Sig = append([]byte(nil), honest.Sig...)
	bad.Sig[5] ^= 1
	refusedAs(t, l.Append(bad, nil), RefuseSignature)

	outsider, _ := IdentityFromSeed(make([]byte, 32))
	refusedAs(t, l.Append(outsider.SignMove(tb.g.Game, l.Next(), honest.Move, false), nil), RefuseSeat)

	other := tb.ids[1-honest.Seat()]
	refusedAs(t, l.Append(other.SignMove(tb.g.Game, l.Next(), honest.Move, false), nil), RefuseSeat)

	// The signer's own key, but the move edited after signing.
	edited := honest
	edited.Move.Card = "no_such_card"
	refusedAs(t, l.Append(edited, nil), RefuseSignature)

	// Malformed keys and signatures are refusals, not panics.
	for _, k := range []PublicKey{"", "short", PublicKey(make([]byte, 43))} {
		m := honest
		m.Signer = k
		refusedAs(t, l.Append(m, nil), RefuseSignature)
	}
	m := honest
	m.Sig = nil
	refusedAs(t, l.Append(m, nil), RefuseSignature)

	if l.Len() != 0 || l.Game().Hash() != before {
		t.Fatal("a refused move changed the ledger")
	}
	if err := l.Append(honest, nil); err != nil {
		t.Fatalf("the honest move after the forgeries: %v", err)
	}
}

// A seat bot's move is accepted only when the policy says its runner may play that seat,
// never on the runner's own seat, and never without the bot mark from another seat's key.
func TestSeatBotNeedsPolicy(t *testing.T) {
	tb := newTable(t, 3, 5)
	l := tb.ledger(t)
	r := rand.New(rand.NewPCG(5, 6))
	m := legal(t, l.Game(), r)
	runner := (m.Player + 1) % 3
	botMove := tb.ids[runner].SignMove(tb.g.Game, l.Next(), m, true)

	refusedAs(t, l.Append(botMove, nil), RefuseBot)
	present := func(seat, by int) bool { return false } // the seat's player is connected here
	refusedAs(t, l.Append(botMove, present), RefuseBot)
	own := tb.ids[m.Player].SignMove(tb.g.Game, l.Next(), m, true)
	refusedAs(t, l.Append(own, AnyRunner), RefuseBot)

	away := func(seat, by int) bool { return seat == m.Player && by == runner }
	if err := l.Append(botMove, away); err != nil {
		t.Fatalf("the bot's move with the player away: %v", err)
	}
	if !l.Moves()[0].Bot {
		t.Fatal("the bot's move lost its mark")
	}
}

// History is never rewritten: a different move for an accepted index is refused, and when the
// same key signed both, the two moves are an equivocation anyone can check.
func TestNoRewriteAndEquivocation(t *testing.T) {
	tb := newTable(t, 2, 11)
	l := tb.ledger(t)
	r := rand.New(rand.NewPCG(7, 8))
	var first Signed
	var at Position
	for {
		at = l.Next()
		moves := l.Game().LegalMoves()
		if len(moves) >= 2 {
			first = tb.ids[moves[0].Player].SignMove(tb.g.Game, at, moves[0], false)
			second := tb.ids[moves[1].Player].SignMove(tb.g.Game, at, moves[1], false)
			if err := l.Append(first, nil); err != nil {
				t.Fatal(err)
			}
			var eq *Equivocation
			if err := l.Append(second, nil); !errors.As(err, &eq) {
				t.Fatalf("a second move signed for the same slot: got %v, want an equivocation", err)
			}
			if err := eq.Check(tb.g); err != nil {
				t.Fatalf("the proof does not check: %v", err)
			}
			break
		}
		if err := l.Append(tb.signNext(t, l, r), nil); err != nil {
			t.Fatal(err)
		}
	}
	// The same move again is a harmless duplicate.
	if err := l.Append(first, nil); err != nil {
		t.Fatalf("a duplicate: %v", err)
	}
	// Another key rewriting the accepted move (say a colluding majority) is refused.
	other := tb.ids[1-first.Seat()]
	forged := other.SignMove(tb.g.Game, at, engine.Move{Type: "pass", Player: other.seat(tb.g)}, false)
	refusedAs(t, l.Append(forged, nil), RefuseRewrite)
	if got := l.Moves()[at.Index]; !sameContent(got, first) {
		t.Fatal("the accepted move changed")
	}
}

// A bot's move where the seat's own player's move was accepted (a partition: the runner
// thought the player away) is another history, refused as a rewrite so that the disagreement
// is named on this side too, not as a bot the policy forbids now.
func TestBotMoveOverAnAcceptedMoveIsARewrite(t *testing.T) {
	tb := newTable(t, 3, 5)
	l := tb.ledger(t)
	r := rand.New(rand.NewPCG(5, 6))
	at := l.Next()
	own := tb.signNext(t, l, r)
	if err := l.Append(own, nil); err != nil {
		t.Fatal(err)
	}
	runner := (own.Seat() + 1) % 3
	bot := tb.ids[runner].SignMove(tb.g.Game, at, engine.Move{Type: "pass", Player: own.Seat()}, true)
	refusedAs(t, l.Append(bot, nil), RefuseRewrite)
	if got := l.Moves()[at.Index]; !sameContent(got, own) {
		t.Fatal("the accepted move changed")
	}
}

func (id Identity) seat(g Genesis) int { return g.seatOf(id.Public()) }

// A forged equivocation proof is refused: one real move and a tampered copy, two different
// signers, or the same move twice.
func TestForgedEquivocationProofRefused(t *testing.T) {
	tb := newTable(t, 2, 13)
	l := tb.ledger(t)
	r := rand.New(rand.NewPCG(9, 10))
	a := tb.signNext(t, l, r)
	tampered := a
	tampered.Move.Card = "x"
	b := tb.ids[1-a.Seat()].SignMove(tb.g.Game, l.Next(), engine.Move{Type: "pass", Player: a.Seat()}, false)
	for name, e := range map[string]Equivocation{
		"tampered":     {a, tampered},
		"two signers":  {a, b},
		"same move":    {a, a},
		"another game": {a, a},
	} {
		g := tb.g
		if name == "another game" {
			g.Game = "other"
		}
		if e.Check(g) == nil {
			t.Errorf("%s: a forged proof checked", name)
		}
	}
}

// Moves out of place are refused: a gap, another game, another history, another position,
// an illegal move, and an old move replayed into an index an agreed undo reopened. Each try
// goes to a fresh copy of the ledger: two of them signed by one key for one slot would
// rightly be an equivocation.
func TestMovesOutOfPlaceRefused(t *testing.T) {
	tb := newTable(t, 2, 17)
	base := tb.ledger(t)
	r := rand.New(rand.NewPCG(11, 12))
	for i := 0; i < 5; i++ {
		if err := base.Append(tb.signNext(t, base, r), nil); err != nil {
			t.Fatal(err)
		}
	}
	fresh := func() *Ledger {
		l, err := VerifyRecord(tb.g, base.Moves(), nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	m := legal(t, base.Game(), r)
	id := tb.ids[m.Player]
	at := base.Next()

	gap, chain, state := at, at, at
	gap.Index++
	chain.Prev[0] ^= 1
	state.Before ^= 1
	illegal := engine.Move{Type: "build", Player: m.Player, Card: "no_card"}
	for _, c := range []struct {
		s    Signed
		want RefuseKind
	}{
		{id.SignMove(tb.g.Game, gap, m, false), RefuseGap},
		{id.SignMove("another-game", at, m, false), RefuseGame},
		{id.SignMove(tb.g.Game, chain, m, false), RefuseChain},
		{id.SignMove(tb.g.Game, state, m, false), RefuseState},
		{id.SignMove(tb.g.Game, at, illegal, false), RefuseIllegal},
	} {
		l := fresh()
		refusedAs(t, l.Append(c.s, nil), c.want)
		if l.Len() != 5 || l.Game().Hash() != base.Game().Hash() {
			t.Fatalf("refusal %d changed the ledger", c.want)
		}
	}

	// Undo, then replay the old move at its old take: play on until a move its player may
	// take back (the first action of a two-action turn that drew no card).
	l := fresh()
	var old Signed
	for tries := 0; ; tries++ {
		if tries == 40 {
			t.Fatal("no move that can be taken back in 40 moves")
		}
		m := legal(t, l.Game(), r)
		id = tb.ids[m.Player]
		old = id.SignMove(tb.g.Game, l.Next(), m, false)
		if err := l.Append(old, nil); err != nil {
			t.Fatal(err)
		}
		if l.Game().CanUndo() {
			break
		}
	}
	// Its maker's signed request and every other player's signed yes for that move.
	last := l.Len() - 1
	proof := UndoProof{At: last, Take: l.At(last).Take, Link: l.links[last], Maker: old.Seat()}
	proof.Request = tb.ids[old.Seat()].sign(confirmContent(tb.g.Game, proof.At, proof.Take, proof.Link))
	for seat, other := range tb.ids {
		if seat != old.Seat() {
			proof.Votes = append(proof.Votes, Vote{Seat: seat, Sig: other.sign(voteContent(tb.g.Game, proof.At, proof.Take, proof.Link))})
		}
	}
	if err := l.Undo(UndoProof{At: proof.At, Take: proof.Take, Link: proof.Link, Maker: proof.Maker, Request: proof.Request}); err == nil {
		t.Fatal("an undo without the votes was taken")
	}
	if err := l.Undo(UndoProof{At: proof.At, Take: proof.Take, Link: proof.Link, Maker: proof.Maker, Votes: proof.Votes}); err == nil {
		t.Fatal("an undo without its maker's request was taken")
	}
	if err := l.Undo(proof); err != nil {
		t.Fatal(err)
	}
	refusedAs(t, l.Append(old, nil), RefuseStale)
	again := id.SignMove(tb.g.Game, l.Next(), old.Move, false)
	if again.Take != 1 {
		t.Fatalf("the reopened index is take %d, want 1", again.Take)
	}
	if err := l.Append(again, nil); err != nil {
		t.Fatalf("the move made again: %v", err)
	}
}

// A record is all or nothing: one tampered or re-signed move anywhere in it fails it, with
// its index; a record checked against another genesis fails at once.
func TestVerifyRecordRejectsTampering(t *testing.T) {
	tb := newTable(t, 3, 19)
	l := tb.ledger(t)
	r := rand.New(rand.NewPCG(13, 14))
	for i := 0; i < 30; i++ {
		if err := l.Append(tb.signNext(t, l, r), nil); err != nil {
			t.Fatal(err)
		}
	}
	rec := l.Moves()
	// Seat 1's device re-signs move 10 as its own, keeping everything else.
	bad := append([]Signed(nil), rec...)
	forger := tb.ids[(rec[9].Seat()+1)%3]
	bad[9] = forger.SignMove(rec[9].Game, Position{Index: 9, Prev: rec[9].Prev, Before: rec[9].Before}, rec[9].Move, false)
	var ref *Refusal
	if _, err := VerifyRecord(tb.g, bad, nil, AnyRunner); !errors.As(err, &ref) || ref.Index != 9 || ref.Kind != RefuseSeat {
		t.Fatalf("a re-signed move 10: got %v", err)
	}
	// Dropping a move breaks the chain after it.
	short := append(append([]Signed(nil), rec[:5]...), rec[6:]...)
	if _, err := VerifyRecord(tb.g, short, nil, AnyRunner); err == nil {
		t.Fatal("a record with a move cut out verified")
	}
	other := tb.g
	other.Config.Seed++
	if _, err := VerifyRecord(other, rec, nil, AnyRunner); err == nil {
		t.Fatal("a record verified against another genesis")
	}
	if _, err := VerifyRecord(tb.g, rec, nil, AnyRunner); err != nil {
		t.Fatalf("the untouched record: %v", err)
	}
}

// A genesis with a missing, malformed or repeated key makes no ledger.
func TestGenesisKeysChecked(t *testing.T) {
	tb := newTable(t, 2, 23)
	for name, keys := range map[string][]PublicKey{
		"missing":   tb.g.Keys[:1],
		"malformed": {tb.g.Keys[0], "nope"},
		"repeated":  {tb.g.Keys[0], tb.g.Keys[0]},
	} {
		g := tb.g
		g.Keys = keys
		if _, err := NewLedger(g); err == nil {
			t.Errorf("%s keys: a ledger was made", name)
		}
	}
}

// Whatever a peer sends, decoding and appending it never panics and never changes the ledger
// unless it is the next honest move.
func FuzzAppend(f *testing.F) {
	tb := newTable(f, 2, 29)
	l := tb.ledger(f)
	r := rand.New(rand.NewPCG(15, 16))
	honest := tb.signNext(f, l, r)
	seed, _ := json.Marshal(honest)
	f.Add(seed)
	f.Add([]byte(`{"game":"g-test","i":0,"key":"","sig":null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var s Signed
		if json.Unmarshal(data, &s) != nil {
			return
		}
		l := tb.ledger(t)
		before := l.Game().Hash()
		if err := l.Append(s, AnyRunner); err != nil && (l.Len() != 0 || l.Game().Hash() != before) {
			t.Fatal("a refused move changed the ledger")
		}
	})
}

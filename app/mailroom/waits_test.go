//go:build !js

package mailroom

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"brass/app/dealer"
	"brass/app/online"
	"brass/engine"
)

// An own-pace game's schedule: the devices are never open together, and after each visit the
// device that opens next is the one whose turn it is (its player was told). When that device
// cannot go on because the game waits for other devices (its player's new cards are still
// locked by their keys, a Distant Market tile needs them, a deck is being shuffled), the turn
// has waited: the devices it names are told to open the game, and then the player's device
// opens again. A device opened so that cannot make its pass of a deal before another device's
// names that one in turn, which is told too. BenchmarkOwnPaceWaits measures how often turns
// wait (docs/online.md, "What waits in an own-pace game"); TestOwnPaceWaitsAreCounted checks
// the counting on a short game.

// Why a turn waited, from the deal's own account of whom it waits for (dealer.Stalled).
const (
	waitCards = "cards" // the actor's new cards: the other devices' keys for them
	waitDeal  = "deal"  // a deck's shuffling or locking passes (the game's start, an era's deck)
	waitTile  = "tile"  // the actor's sale waits for the Distant Market tile's keys
	waitOther = "other" // a move of the actor's waits for the deal for another reason
)

// turnKey names one turn: the actor's place in the round, so that a player who plays twice
// in a row has two turns (and a player who must remove tiles for a shortfall at the end of a
// round, a turn of its own).
type turnKey struct {
	era       engine.Era
	round     uint8
	pos       uint8
	shortfall int // the place in the order of the player paid, from 1, in a shortfall
	actor     int
}

func turnOf(s *engine.State) turnKey {
	k := turnKey{era: s.Era, round: s.Round, pos: s.TurnPos, actor: s.Actor()}
	if s.Phase == engine.PhaseShortfall {
		k.shortfall = int(s.ShortfallPos) + 1
	}
	return k
}

// paceView is where a device stands as a visit ends.
type paceView struct {
	over    bool
	turn    turnKey
	moves   int   // the moves applied
	heard   []int // by seat: the deal messages this device took from it
	waiting []int // on its player's turn: the devices it waits for (online.Replica.DealWaiting)
	why     string
	passes  []int // the devices whose pass of a deal this one needs before it can go on
}

// movedOn says whether the game moved on from before to v for a device that waited for the
// seats awaited: a move applied, the turn over, or a deal message from one of them taken.
func (v paceView) movedOn(before paceView, awaited []int) bool {
	if v.over || v.turn != before.turn || v.moves > before.moves {
		return true
	}
	for _, s := range awaited {
		if s < len(v.heard) && s < len(before.heard) && v.heard[s] > before.heard[s] {
			return true
		}
	}
	return false
}

// paceWait is one time the actor's device could not go on: whom it named and why, the devices
// opened for it (those, and any a device opened named for a pass it needed), whether the
// actor's next visit found the game moved on (a move, or a deal message of theirs taken), and
// whether the turn was played in the end, having opened only devices named.
type paceWait struct {
	turn     int // the game's turn, from 1
	seat     int // the actor
	why      string
	awaited  []int
	opened   []int
	movedOn  bool
	resolved bool
}

// paceCount is what the schedule counted in one game, or summed over several.
type paceCount struct {
	games  int
	turns  int // turns on which a player's device opened
	waited int // turns that waited at least once
	visits int // every visit (the audit's at the end included)
	extra  int // visits the waits cost: the devices opened for them, and the actor's again
	// startExtra: those of the first turn, which waits for the first deck's deal (every
	// device's passes, each made once it holds the one before, and the keys of the hands).
	startExtra int
	reasons    map[string]int // waited turns, by why their first wait was
	waits      []paceWait     // every wait, in order (one game's)
	over       bool           // the game ended and every device holds the audit
}

func (c *paceCount) add(g paceCount) {
	if c.reasons == nil {
		c.reasons = map[string]int{}
	}
	c.games++
	c.turns += g.turns
	c.waited += g.waited
	c.visits += g.visits
	c.extra += g.extra
	c.startExtra += g.startExtra
	for why, n := range g.reasons {
		c.reasons[why] += n
	}
}

// paceVisit is the harness's visit (table.visit: the same random legal moves, the same checks)
// that also says where the device stands as it closes: whose turn it is, and whom it waits for
// and why. The device's store cannot say so: a device that took the others' deal messages and
// had nothing of its own to add saved nothing.
func (tb *table) paceVisit(d *device) (v paceView) {
	t := tb.t
	if n := tb.s.connections(t); n != 0 {
		t.Fatalf("device %d opens while %d connections are open", d.seat, n)
	}
	d.visits++
	r := tb.resume(d)
	link, err := NewLink(tb.game, *d.genesis, d.id)
	if err != nil {
		t.Fatal(err)
	}
	sess, err := Open(tb.ctx, Options{URL: tb.s.url, Link: link, Core: r, Checkpoint: d.checkpoint,
		Save: func() error { return d.store(r) }, Checkpointed: d.checkpointed(r)})
	if err != nil {
		t.Fatal(err)
	}
	idle := func() {
		if err := sess.Idle(tb.ctx); err != nil {
			t.Fatalf("device %d: %v", d.seat, err)
		}
	}
	idle()
	var refused error // why the player's move was refused: the deal is not ready for it
	for moves := 0; refused == nil; moves++ {
		if moves > 64 {
			t.Fatalf("device %d plays on past %d moves of one visit", d.seat, moves)
		}
		var move *engine.Move
		_ = sess.Do(func() error {
			g := r.Game()
			if r.Stopped() != "" || g.Over() || g.State().Actor() != d.seat {
				return nil
			}
			if moves := g.LegalMoves(); len(moves) > 0 {
				m := moves[tb.rng.IntN(len(moves))]
				move = &m
			}
			return nil
		})
		if move == nil {
			break
		}
		refused = sess.Do(func() error { return r.Play(*move) })
		idle()
	}
	_ = sess.Do(func() error {
		v = tb.look(r, d.seat, refused)
		if n := r.Unentitled(); n != 0 {
			t.Fatalf("device %d can open %d cards it may not see", d.seat, n)
		}
		if why := r.Stopped(); why != "" && !r.Game().Over() {
			t.Fatalf("device %d stopped the game: %s", d.seat, why)
		}
		return nil
	})
	if v.over && r.DealAudit() != "" {
		if err := sess.Finish(tb.ctx); err != nil {
			t.Fatalf("device %d: telling the mailbox the game is over: %v", d.seat, err)
		}
	}
	if rej := sess.Rejected(); len(rej) > 0 {
		t.Fatalf("device %d rejected what the mailbox passed on: %v", d.seat, rej)
	}
	if err := sess.Close(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(5 * time.Second); tb.s.connections(t) != 0; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the server still counts a closed connection")
		}
	}
	return v
}

// look is where a device's replica stands: whose turn it is, the passes of a deal it waits
// for, and, on its player's turn (their move refused, or none they can make: their cards
// still locked), whom it waits for and why, from the deal's account (dealer.Stalled) of its
// state restored (with randomness of its own: looking must not draw on the device's).
func (tb *table) look(r *online.Replica, seat int, refused error) paceView {
	g := r.Game()
	saved := r.DealState()
	v := paceView{over: g.Over(), turn: turnOf(g.State()), moves: r.Ledger().Len(), heard: saved.Counts}
	if v.over {
		return v
	}
	waiting := r.DealWaiting()
	if len(waiting) > 0 {
		dl, err := dealer.Restore(dealer.TableOf(g), saved.Dealer, paceSource(0xfd, byte(seat)))
		if err != nil {
			tb.t.Fatalf("device %d's deal does not restore: %v", seat, err)
		}
		stalled := dl.Stalled()
		for _, other := range waiting {
			if strings.Contains(stalled[other], "pass of the deal") {
				v.passes = append(v.passes, other)
			}
		}
	}
	if v.turn.actor != seat {
		return v
	}
	v.waiting = waiting
	switch {
	case saved.Pending != nil:
		v.why = waitOther
		if _, tile := g.NeedsReveal(saved.Pending.Move); tile {
			v.why = waitTile
		}
		if len(v.waiting) == 0 { // (a tile needs every other device's key)
			for other := range tb.devices {
				if other != seat {
					v.waiting = append(v.waiting, other)
				}
			}
		}
	case len(v.passes) > 0:
		v.why = waitDeal
	case len(v.waiting) > 0:
		v.why = waitCards
	case refused != nil:
		tb.t.Fatalf("device %d's move was refused, and it waits for no device: %v", seat, refused)
	}
	return v
}

// ownPace plays the game (set up, every genesis read) on the own-pace schedule, for at most
// maxTurns turns, and then, if it ended, has every device open until each holds the audit.
func (tb *table) ownPace(maxTurns int) paceCount {
	t := tb.t
	c := paceCount{games: 1, reasons: map[string]int{}}
	n := len(tb.devices)
	start, err := engine.NewGame(tb.config)
	if err != nil {
		t.Fatal(err)
	}
	v := paceView{turn: turnOf(start.State())}
	for !v.over && c.turns < maxTurns {
		turn := v.turn
		actor := tb.devices[turn.actor]
		c.turns++
		open := -1 // the wait the actor's next visit shows moved on, or not
		for visits := 0; ; visits++ {
			if visits > 8*n+16 {
				t.Fatalf("turn %d: seat %d's device cannot finish its turn after %d visits", c.turns, actor.seat, visits)
			}
			before := v
			v = tb.paceVisit(actor)
			c.visits++
			if open >= 0 {
				c.waits[open].movedOn = v.movedOn(before, c.waits[open].awaited)
				open = -1
			}
			if v.over || v.turn != turn {
				for i := len(c.waits) - 1; i >= 0 && c.waits[i].turn == c.turns; i-- {
					c.waits[i].resolved = true
				}
				break
			}
			if v.why == "" {
				t.Fatalf("turn %d: seat %d's device stopped on its turn, waiting for nothing", c.turns, actor.seat)
			}
			w := paceWait{turn: c.turns, seat: actor.seat, why: v.why, awaited: v.waiting}
			if visits == 0 {
				c.waited++
				c.reasons[w.why]++
			}
			// The devices named are told to open, and those they name for a pass they need;
			// then the actor's device opens again.
			told := slices.Clone(w.awaited)
			for i := 0; i < len(told); i++ {
				if len(told) > 2*n {
					t.Fatalf("turn %d: the devices told to open for seat %d name each other: %v", c.turns, actor.seat, told)
				}
				o := tb.paceVisit(tb.devices[told[i]])
				c.visits++
				if o.turn != turn {
					t.Fatalf("turn %d: seat %d's device, opened for seat %d, is at another turn", c.turns, told[i], actor.seat)
				}
				w.opened = append(w.opened, told[i])
				for _, s := range o.passes {
					if s != actor.seat && !slices.Contains(told[i+1:], s) {
						told = append(told, s)
					}
				}
			}
			c.waits = append(c.waits, w)
			open = len(c.waits) - 1
			c.extra += len(w.opened) + 1 // (the actor's device, opened again)
			if c.turns == 1 {
				c.startExtra += len(w.opened) + 1
			}
		}
	}
	if v.over {
		// Every device is told the game is over and opens until it holds the audit.
		for i := 0; !tb.done(); i++ {
			if i >= 4*n {
				t.Fatalf("after %d visits at the end the audit is not done everywhere", i)
			}
			tb.paceVisit(tb.devices[i%n])
			c.visits++
		}
		c.over = true
	}
	return c
}

// paceSource is a deterministic source of randomness named by its bytes.
func paceSource(b ...byte) seeded {
	var k [32]byte
	copy(k[:], b)
	k[31] = 0x5a
	return seeded{rand.NewChaCha8(k)}
}

// paceTable sets up game number game of a kind: its own seed, moves and deal randomness, so
// the games of a benchmark differ and each is the same on every run.
func paceTable(t *testing.T, cfg engine.Config, game int) *table {
	kind := byte(cfg.Players)
	if cfg.Edition == "lancashire" {
		kind += 16
	}
	cfg.Seed = uint64(1000*int(kind) + game)
	cfg.Names = []string{"Ada", "Brunel", "Coade", "Darby"}[:cfg.Players]
	cfg.Dealt = true
	tb := newTable(t, cfg)
	tb.rng = rand.New(rand.NewPCG(uint64(game), uint64(kind)))
	for _, d := range tb.devices {
		d.keys = paceSource(byte(d.seat+1), 2, kind, byte(game), byte(game>>8))
	}
	tb.setUp()
	for _, d := range tb.devices {
		tb.readGenesis(d)
	}
	return tb
}

// checkWaits checks what the schedule counted against its own record of the waits.
func checkWaits(t *testing.T, c paceCount, players int) {
	t.Helper()
	turns := map[int]string{}
	extra, start := 0, 0
	for _, w := range c.waits {
		if w.turn < 1 || w.turn > c.turns {
			t.Errorf("a wait on turn %d of %d", w.turn, c.turns)
		}
		if _, ok := turns[w.turn]; !ok {
			turns[w.turn] = w.why
		}
		if len(w.awaited) == 0 || slices.Contains(w.awaited, w.seat) {
			t.Errorf("turn %d: seat %d's device waits for %v", w.turn, w.seat, w.awaited)
		}
		for _, s := range w.awaited {
			if s < 0 || s >= players {
				t.Errorf("turn %d: a wait for seat %d", w.turn, s)
			}
		}
		if !w.resolved {
			t.Errorf("turn %d: seat %d's wait for %v was not resolved by opening them", w.turn, w.seat, w.awaited)
		}
		if !w.movedOn && w.turn != 1 {
			// Only at the start may a device named not yet hold what it needs to answer: a
			// device deals to the devices whose hello it has read (and passes on what it holds
			// of the others' as it reads the hello), so a device opened before another has
			// opened at all gets nothing from it.
			t.Errorf("turn %d: seat %d's device waited for %v, and opening them did not move the game on", w.turn, w.seat, w.awaited)
		}
		for i, s := range w.opened {
			if i < len(w.awaited) && s != w.awaited[i] || s == w.seat {
				t.Errorf("turn %d: seat %d's device waited for %v, and the devices opened were %v", w.turn, w.seat, w.awaited, w.opened)
			}
		}
		extra += len(w.opened) + 1
		if w.turn == 1 {
			start += len(w.opened) + 1
		}
	}
	reasons := map[string]int{}
	for _, why := range turns {
		reasons[why]++
	}
	switch {
	case c.waited > c.turns:
		t.Errorf("%d turns waited of %d", c.waited, c.turns)
	case c.waited != len(turns):
		t.Errorf("%d turns counted as waiting, %d in the record", c.waited, len(turns))
	case fmt.Sprint(reasons) != fmt.Sprint(c.reasons):
		t.Errorf("the reasons counted %v, in the record %v", c.reasons, reasons)
	case c.extra != extra || c.startExtra != start:
		t.Errorf("%d extra visits counted (%d at the start), %d in the record (%d)", c.extra, c.startExtra, extra, start)
	case c.visits < c.turns+c.extra || !c.over && c.visits != c.turns+c.extra:
		t.Errorf("%d visits for %d turns and %d extra visits", c.visits, c.turns, c.extra)
	}
}

// TestOwnPaceWaitsAreCounted plays the shortest game, a two-player introductory one (the Canal
// Era only: 20 turns, about a second), on the own-pace schedule and checks the counts: the
// first turn waits for the deal, every wait names other devices and is resolved by opening
// them, the counts agree with the record of the waits, and the game ends and verifies.
func TestOwnPaceWaitsAreCounted(t *testing.T) {
	const maxTurns = 100
	tb := paceTable(t, engine.Config{Edition: "birmingham", Players: 2, Introductory: true}, 0)
	c := tb.ownPace(maxTurns)
	if !c.over {
		t.Fatalf("the game is not over after %d turns", c.turns)
	}
	tb.checkEnd()
	checkWaits(t, c, 2)
	if len(c.waits) == 0 || c.waits[0].turn != 1 || c.waits[0].why != waitDeal {
		t.Fatalf("the first turn did not wait for the deal: %+v", c.waits)
	}
	for _, w := range c.waits {
		t.Logf("%+v", w)
	}
	t.Logf("%d turns, %d waited (%v), %d visits, %d of them for the waits", c.turns, c.waited, c.reasons, c.visits, c.extra)
}

// BenchmarkOwnPaceWaits plays b.N whole dealt games of each edition and player count on the
// own-pace schedule, and reports how often the player whose turn it is had to wait for other
// devices. A game takes 3 to 18 s on two cores: run it with -benchtime 3x or 10x (docs/online.md).
func BenchmarkOwnPaceWaits(b *testing.B) {
	for _, edition := range []string{"birmingham", "lancashire"} {
		b.Run(edition, func(b *testing.B) {
			for players := 2; players <= 4; players++ {
				b.Run(fmt.Sprintf("%dp", players), func(b *testing.B) {
					var sum paceCount
					for game := 0; b.Loop(); game++ {
						inTest(b, fmt.Sprintf("%s-%dp-%d", edition, players, game), func(t *testing.T) {
							tb := paceTable(t, engine.Config{Edition: edition, Players: players}, game)
							c := tb.ownPace(1 << 20)
							if !c.over {
								t.Fatalf("the game did not end")
							}
							checkWaits(t, c, players)
							tb.checkEnd()
							sum.add(c)
						})
					}
					games := float64(sum.games)
					b.ReportMetric(float64(sum.waited)/float64(sum.turns), "waits/turn")
					b.ReportMetric(float64(sum.waited)/games, "waits/game")
					b.ReportMetric(float64(sum.extra)/games, "extra-visits/game")
					b.ReportMetric(float64(sum.startExtra)/games, "start-extra-visits/game")
					b.ReportMetric(float64(sum.turns)/games, "turns/game")
					b.ReportMetric(float64(sum.visits)/games, "visits/game")
					for _, why := range []string{waitCards, waitDeal, waitTile, waitOther} {
						b.ReportMetric(float64(sum.reasons[why])/games, why+"-waits/game")
					}
					b.Logf("%d games: %d turns, %d waited (%.1f %%; %v), %d visits, %d of them for the waits (%d on the first turn)",
						sum.games, sum.turns, sum.waited, 100*float64(sum.waited)/float64(sum.turns), sum.reasons, sum.visits, sum.extra, sum.startExtra)
				})
			}
		})
	}
}

// inTest runs f with a *testing.T of its own (testing.RunTests): the table harness takes one
// (its server's directory and clean-up, its failures), and a benchmark has none.
func inTest(b *testing.B, name string, f func(t *testing.T)) {
	b.Helper()
	procs := runtime.GOMAXPROCS(0)
	defer runtime.GOMAXPROCS(procs) // (RunTests sets it from -test.cpu)
	ran := false
	ok := testing.RunTests(func(string, string) (bool, error) { return true, nil }, []testing.InternalTest{{Name: name, F: func(t *testing.T) {
		if ran {
			t.SkipNow() // (-test.count runs it again)
		}
		ran = true
		f(t)
	}}})
	if !ok {
		b.Fatalf("%s failed", name)
	}
}

package online

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"brass/engine"
)

// A mailbox's log, as the own-pace game's devices share it: every message a device sends to
// every other is one entry, stamped with the log's clock; a device reads the log in order
// when it visits, its own entries coming back as echoes. Devices are never on together.
type paceLog struct {
	t       *testing.T
	tb      table
	reps    []*Replica
	entries []logEntry
	read    []int
	now     int64 // the log's clock, Unix ms
	notices [][]string
	limit   time.Duration
}

type logEntry struct {
	from, to int // to −1: every device
	data     []byte
	at       int64
}

const paceStart = int64(1_800_000_000_000)

func newPaceLog(t *testing.T, players int, limit time.Duration) *paceLog {
	t.Helper()
	pl := &paceLog{t: t, tb: newTable(t, players, 43), read: make([]int, players), now: paceStart, notices: make([][]string, players), limit: limit}
	for i := 0; i < players; i++ {
		r, err := NewReplica(pl.tb.ids[i], pl.tb.g, nil, nil, DefaultTiming, newKeySource(i))
		if err != nil {
			t.Fatal(err)
		}
		r.SetPace(limit, PaceState{Since: paceStart})
		pl.reps = append(pl.reps, r)
	}
	for i := range pl.reps {
		pl.greet(i)
	}
	return pl
}

// greet is what a device's visit begins with: in the room, every other seat's channel open.
func (pl *paceLog) greet(i int) {
	r := pl.reps[i]
	r.Step(Event{Kind: Entered, Peer: peerName(i)})
	for j := range pl.reps {
		if j != i {
			r.Step(Event{Kind: Opened, Peer: peerName(j)})
		}
	}
	pl.collect(i)
}

// collect appends what device i sent to the log: a run of the same data to every other
// device is one entry.
func (pl *paceLog) collect(i int) {
	rd := pl.reps[i].drain()
	for _, n := range rd.Notices {
		pl.notices[i] = append(pl.notices[i], n.Text)
	}
	msgs := rd.Messages
	for k := 0; k < len(msgs); {
		j := k
		for j < len(msgs) && bytes.Equal(msgs[j].Data, msgs[k].Data) {
			j++
		}
		if j-k == len(pl.reps)-1 {
			pl.entries = append(pl.entries, logEntry{from: i, to: -1, data: msgs[k].Data, at: pl.now})
			k = j
			continue
		}
		to := strings.IndexByte("abcd", strings.TrimPrefix(msgs[k].To, "peer")[0])
		pl.entries = append(pl.entries, logEntry{from: i, to: to, data: msgs[k].Data, at: pl.now})
		k++
	}
}

// visit has device i read the log from where it left off (and what its reading adds).
func (pl *paceLog) visit(i int) {
	for pl.read[i] < len(pl.entries) {
		pl.visitSome(i, 1)
		pl.now++
	}
}

// visitAll has every device read the whole log, until nothing more is sent.
func (pl *paceLog) visitAll() {
	for round := 0; round < 20; round++ {
		n := len(pl.entries)
		for i := range pl.reps {
			pl.visit(i)
		}
		if len(pl.entries) == n {
			return
		}
	}
	pl.t.Fatal("the log never went quiet")
}

// move has device i play m (its own seat's, or its bot's for another) and send it.
func (pl *paceLog) move(i int, m engine.Move) error {
	err := pl.reps[i].Play(m)
	pl.collect(i)
	return err
}

// legal is the first legal move of the player to act, as device i sees the game.
func (pl *paceLog) legal(i int) engine.Move {
	return pl.reps[i].Game().LegalMoves()[0]
}

func (pl *paceLog) sameEverywhere() {
	pl.t.Helper()
	for i, r := range pl.reps[1:] {
		if r.Ledger().Len() != pl.reps[0].Ledger().Len() || r.Ledger().Len() > 0 && r.Ledger().tip() != pl.reps[0].Ledger().tip() {
			pl.t.Fatalf("device %d holds %d moves, device 0 %d, or another record", i+1, r.Ledger().Len(), pl.reps[0].Ledger().Len())
		}
	}
}

func (pl *paceLog) noticed(i int, part string) bool {
	for _, n := range pl.notices[i] {
		if strings.Contains(n, part) {
			return true
		}
	}
	return false
}

// playTurns has each player to act play on their own device, each visiting first, until
// the game has n moves.
func (pl *paceLog) playTurns(n int) {
	pl.t.Helper()
	for pl.reps[0].Ledger().Len() < n {
		pl.visitAll()
		seat := pl.reps[0].Game().State().Actor()
		if err := pl.move(seat, pl.legal(seat)); err != nil {
			pl.t.Fatal(err)
		}
		pl.now += int64(time.Minute / time.Millisecond)
	}
	pl.visitAll()
	pl.sameEverywhere()
}

// Issue 42, "Time limits": past a player's time, another may let a bot play their seat. A
// claim the log shows before the turn ran out, by the mailbox's clock, counts on no device
// (the claimer's own clock ran fast); the same claim after it counts on every device, and
// the bot's move then counts where the log puts it, on its runner's device too.
func TestAStandInPlaysOnlyOnceTheLogShowsTheTurnOutOfTime(t *testing.T) {
	const limit = time.Hour
	pl := newPaceLog(t, 3, limit)
	pl.playTurns(3)
	seat := pl.reps[0].Game().State().Actor()
	runner := (seat + 1) % 3
	since := pl.reps[runner].TurnSince()
	if since == 0 {
		t.Fatal("the turn under way has no start by the mailbox's clock")
	}
	for i, r := range pl.reps {
		if r.TurnSince() != since {
			t.Fatalf("device %d has the turn begun at %d, device %d at %d: the turn's clock must be the log's", i, r.TurnSince(), runner, since)
		}
	}

	pl.now = since + limit.Milliseconds() - 60_000 // a minute early by the mailbox's clock
	if err := pl.reps[runner].LetBotPlay(seat, "easy"); err != nil {
		t.Fatal(err)
	}
	pl.collect(runner)
	pl.visitAll()
	for i, r := range pl.reps {
		if _, ok := r.StandInFor(seat); ok {
			t.Fatalf("device %d holds a bot for seat %d claimed before its time ran out", i, seat)
		}
		if i != runner && !pl.noticed(i, "before the turn ran out of time") {
			t.Fatalf("device %d did not say why it refused the early claim: %q", i, pl.notices[i])
		}
	}
	if pl.reps[runner].BotToMove() != -1 {
		t.Fatal("the runner's bot would move on a refused claim")
	}

	pl.now = since + limit.Milliseconds() + 1
	if err := pl.reps[runner].LetBotPlay(seat, "easy"); err != nil {
		t.Fatal(err)
	}
	pl.collect(runner)
	pl.visitAll()
	for i, r := range pl.reps {
		if b, ok := r.StandInFor(seat); !ok || b.Runner != runner {
			t.Fatalf("device %d holds no bot of seat %d's for seat %d after the claim past the time", i, runner, seat)
		}
	}
	if !pl.noticed(seat, "Your turn ran out of time") {
		t.Fatalf("the seat's own device did not tell its player: %q", pl.notices[seat])
	}
	if pl.reps[runner].BotToMove() != seat {
		t.Fatal("the runner's bot does not move for the seat")
	}
	n := pl.reps[runner].Ledger().Len()
	if err := pl.move(runner, pl.legal(runner)); err != nil {
		t.Fatal(err)
	}
	if pl.reps[runner].Ledger().Len() != n || !pl.reps[runner].Sending() {
		t.Fatal("the bot's move was applied when made, not where the log puts it")
	}
	pl.visitAll()
	pl.sameEverywhere()
	if got := pl.reps[0].Ledger().Len(); got != n+1 || !pl.reps[0].Ledger().At(n).Bot {
		t.Fatalf("the bot's move is not in the record: %d moves", got)
	}
	if pl.reps[runner].Sending() {
		t.Fatal("the bot's move is still on its way after its echo")
	}
}

// The player whose seat a bot plays comes back: their own move, wherever the log puts it
// after the claim, ends the bot. A move of the bot's and one of the player's for the same
// place are both sent; whichever the log puts first counts on every device, and the other on
// none, without a device being named for it.
func TestThePlayerBackTakesTheSeatWhereTheLogPutsTheirMove(t *testing.T) {
	for _, playerFirst := range []bool{false, true} {
		pl := newPaceLog(t, 3, time.Hour)
		pl.playTurns(2)
		seat := pl.reps[0].Game().State().Actor()
		runner := (seat + 2) % 3
		pl.now = pl.reps[0].TurnSince() + time.Hour.Milliseconds() + 5
		if err := pl.reps[runner].LetBotPlay(seat, "medium"); err != nil {
			t.Fatal(err)
		}
		pl.collect(runner)
		pl.visitAll()
		if _, ok := pl.reps[seat].StandInFor(seat); !ok {
			t.Fatal("the seat's device does not see the bot")
		}
		n := pl.reps[0].Ledger().Len()
		// Both move for the seat, neither having read the other's.
		own, bot := pl.legal(seat), pl.legal(runner)
		if len(pl.reps[seat].Game().LegalMoves()) > 1 {
			own = pl.reps[seat].Game().LegalMoves()[1] // another move than the bot's
		}
		first, second := runner, seat
		firstMove, secondMove := bot, own
		if playerFirst {
			first, second, firstMove, secondMove = seat, runner, own, bot
		}
		if err := pl.move(first, firstMove); err != nil {
			t.Fatal(err)
		}
		if err := pl.move(second, secondMove); err != nil {
			t.Fatal(err)
		}
		pl.visitAll()
		pl.sameEverywhere()
		s := pl.reps[0].Ledger().At(n)
		if s.Bot == playerFirst {
			t.Fatalf("player first %v: the move that counts is the bot's: %v; want the first in the log", playerFirst, s.Bot)
		}
		for i, r := range pl.reps {
			if r.Disagreement() != "" || r.Stopped() != "" {
				t.Fatalf("device %d names a device for a move that lost its place: %q %q", i, r.Disagreement(), r.Stopped())
			}
			if r.Sending() {
				t.Fatalf("device %d still holds its move as on its way", i)
			}
		}
		if playerFirst {
			for i, r := range pl.reps {
				if _, ok := r.StandInFor(seat); ok {
					t.Fatalf("device %d: the bot still plays the seat whose player moved", i)
				}
			}
			if !pl.noticed(runner, "did not count") {
				t.Fatalf("the runner was not told its bot's move did not count: %q", pl.notices[runner])
			}
		} else if !pl.noticed(seat, "did not count") {
			t.Fatalf("the player was not told their move did not count: %q", pl.notices[seat])
		}
	}
}

// Attacks on the rule: a bot's move for a seat with no claim, a claim on one's own seat, a
// claim for a turn that is over; none makes a move count, and the record stays one.
func TestAStandInNeedsAClaimThatHolds(t *testing.T) {
	pl := newPaceLog(t, 3, time.Hour)
	pl.playTurns(2)
	seat := pl.reps[0].Game().State().Actor()
	attacker := (seat + 1) % 3
	pl.now = pl.reps[0].TurnSince() + 2*time.Hour.Milliseconds()
	n := pl.reps[0].Ledger().Len()
	// A bot's move with no claim, signed by the attacker and put in the log as it likes.
	s := pl.tb.ids[attacker].SignMove(pl.tb.g.Game, pl.reps[attacker].Ledger().Next(), pl.legal(attacker), true)
	pl.entries = append(pl.entries, logEntry{from: attacker, to: -1, data: encode(message{Type: msgMove, Game: pl.tb.g.Game, Move: &s}), at: pl.now})
	// A claim on its own seat, and one for an earlier move.
	pl.entries = append(pl.entries, logEntry{from: seat, to: -1, data: encode(message{Type: msgSeatBot, Game: pl.tb.g.Game, Seat: seat, Level: "easy", At: n}), at: pl.now})
	pl.entries = append(pl.entries, logEntry{from: attacker, to: -1, data: encode(message{Type: msgSeatBot, Game: pl.tb.g.Game, Seat: seat, Level: "easy", At: n - 1, Count: 9}), at: pl.now})
	pl.visitAll()
	pl.sameEverywhere()
	if pl.reps[0].Ledger().Len() != n {
		t.Fatal("a bot's move with no claim counted")
	}
	for i, r := range pl.reps {
		if _, ok := r.StandInFor(seat); ok {
			t.Fatalf("device %d took a claim that does not hold", i)
		}
	}
	// Refused also where the player claims for another: a claim in a game with no time.
	free := newPaceLog(t, 2, 0)
	free.playTurns(1)
	if err := free.reps[1-free.reps[0].Game().State().Actor()].LetBotPlay(free.reps[0].Game().State().Actor(), "easy"); err == nil {
		t.Fatal("a bot was let play in a game with no time per turn")
	}
}

// A device taken up again from its store reads the whole log again (a visit): an old claim,
// a bot's old moves and the player's return do not play again, and its clock and stand-ins
// are what it stored.
func TestTheLogReadAgainChangesNoStandIn(t *testing.T) {
	pl := newPaceLog(t, 3, time.Hour)
	pl.playTurns(2)
	seat := pl.reps[0].Game().State().Actor()
	runner := (seat + 1) % 3
	pl.now = pl.reps[0].TurnSince() + time.Hour.Milliseconds() + 1
	if err := pl.reps[runner].LetBotPlay(seat, "easy"); err != nil {
		t.Fatal(err)
	}
	pl.collect(runner)
	pl.visitAll()
	for pl.reps[0].Game().State().Actor() == seat {
		if err := pl.move(runner, pl.legal(runner)); err != nil {
			t.Fatal(err)
		}
		pl.visitAll()
	}
	pl.playTurns(pl.reps[0].Ledger().Len() + 1)

	// Device `other` taken up from its store and reading the log from its start.
	other := 3 - seat - runner
	old := pl.reps[other]
	st := old.PaceState()
	r, err := NewReplica(pl.tb.ids[other], pl.tb.g, old.Ledger().Moves(), nil, DefaultTiming, newKeySource(other))
	if err != nil {
		t.Fatal(err)
	}
	r.SetPace(time.Hour, st)
	pl.reps[other], pl.read[other] = r, 0
	pl.greet(other)
	pl.visitAll()
	pl.sameEverywhere()
	if got, want := r.PaceState(), st; got.Since != want.Since || got.Moves != want.Moves || len(got.Bots) != len(want.Bots) {
		t.Fatalf("read again, the device's own-pace state changed: %+v, stored %+v", got, want)
	}
}

// visitSome has device i read at most k more entries of the log (a device that is behind:
// what the others sent since is still on its way to it).
func (pl *paceLog) visitSome(i, k int) {
	r := pl.reps[i]
	for ; k > 0 && pl.read[i] < len(pl.entries); k-- {
		e := pl.entries[pl.read[i]]
		pl.read[i]++
		switch {
		case e.from == i && e.to < 0:
			r.Step(Event{Kind: Echo, Peer: peerName(i), Data: e.data, At: e.at})
		case e.from != i && (e.to < 0 || e.to == i):
			r.Step(Event{Kind: Message, Peer: peerName(e.from), Data: e.data, At: e.at})
		}
		pl.collect(i)
	}
}

// The stand-in rule under random schedules: devices a few messages behind each other play,
// claim bots for late players, run their bots, come back and take their seats, while the
// mailbox's clock runs on by minutes or hours; each device's idea of "nearly late" is its
// honest reading of that clock. However the log interleaves them, once every device has read
// it all they hold one record, the same stand-ins, and nobody is named.
func TestStandInsAgreeUnderRandomSchedules(t *testing.T) {
	const limit = time.Hour
	for seed := uint64(1); seed <= 40; seed++ {
		rng := rand.New(rand.NewPCG(seed, 7))
		players := 2 + int(seed%3)
		pl := newPaceLog(t, players, limit)
		for step := 0; step < 300 && !pl.reps[0].Game().Over(); step++ {
			i := rng.IntN(players)
			r := pl.reps[i]
			pl.visitSome(i, len(pl.entries)-pl.read[i]-rng.IntN(3)) // up to two behind
			g := r.Game()
			actor := g.State().Actor()
			switch x := rng.IntN(10); {
			case x < 4 && actor == i:
				since := r.TurnSince()
				r.SetTurnLate(since > 0 && pl.now >= since+limit.Milliseconds()-5*60_000)
				if moves := g.LegalMoves(); len(moves) > 0 {
					_ = pl.move(i, moves[rng.IntN(len(moves))])
				}
			case x < 6 && actor != i:
				if _, held := r.StandInFor(actor); !held && r.TurnSince() > 0 && pl.now >= r.TurnSince()+limit.Milliseconds()+60_000 {
					_ = r.LetBotPlay(actor, "easy")
					pl.collect(i)
				}
			case x < 8 && r.BotToMove() >= 0:
				if moves := g.LegalMoves(); len(moves) > 0 {
					_ = pl.move(i, moves[rng.IntN(len(moves))])
				}
			case x < 9:
				if _, held := r.StandInFor(i); held {
					_ = r.StopStandIn(i) // the player is back
					pl.collect(i)
				}
			default:
				pl.now += rng.Int64N(2 * limit.Milliseconds())
			}
			pl.now += 1000
		}
		pl.visitAll()
		pl.sameEverywhere()
		bots, lost := 0, 0
		for k := 0; k < pl.reps[0].Ledger().Len(); k++ {
			if pl.reps[0].Ledger().At(k).Bot {
				bots++
			}
		}
		for i := range pl.reps {
			for _, n := range pl.notices[i] {
				if strings.Contains(n, "did not count") {
					lost++
				}
			}
		}
		t.Logf("seed %d: %d players, %d moves, %d by bots, %d moves that lost their place", seed, players, pl.reps[0].Ledger().Len(), bots, lost)
		for i, r := range pl.reps {
			if r.Disagreement() != "" || r.Stopped() != "" {
				t.Fatalf("seed %d: device %d names a device: %q %q", seed, i, r.Disagreement(), r.Stopped())
			}
			for s := range players {
				a, _ := r.StandInFor(s)
				b, _ := pl.reps[0].StandInFor(s)
				if a != b {
					t.Fatalf("seed %d: device %d holds %+v for seat %d, device 0 %+v", seed, i, a, s, b)
				}
			}
			if r.TurnSince() != pl.reps[0].TurnSince() {
				t.Fatalf("seed %d: device %d has the turn begun at %d, device 0 at %d", seed, i, r.TurnSince(), pl.reps[0].TurnSince())
			}
		}
	}
}

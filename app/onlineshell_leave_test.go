//go:build !js

package app

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"brass/app/botbrain"
	"brass/engine"
	"brass/signal"
)

// Every way a player's last move can go out as their page closes: the leaver is each of the
// three devices; the move reaches neither, either or both of the others; it ends the
// leaver's turn or leaves them an action; the bot that takes the seat runs on either device
// still here. In every case the two play on with the bot, agree, and the leaver comes back
// to the same game and plays their own seat again. (A run of the browser suite once stalled
// on one of these: the next player's device had missed the move, and nobody sent it again.)
func TestOnlineEveryWayALeaversLastMoveGoesOut(t *testing.T) {
	for leaver := 0; leaver < 3; leaver++ {
		for reach := 0; reach < 4; reach++ { // bit i: the move reaches the i-th other device
			for _, passes := range []bool{false, true} {
				for runner := 0; runner < 2; runner++ {
					name := fmt.Sprintf("leaver%d/reach%d/passes=%v/runner%d", leaver, reach, passes, runner)
					t.Run(name, func(t *testing.T) { leaveMidMove(t, leaver, reach, passes, runner) })
				}
			}
		}
	}
}

func leaveMidMove(t *testing.T, leaverIdx, reach int, passes bool, runnerIdx int) {
	srv := newTestHub(t, signal.Config{})
	devs := startGame(t, srv, "Ada", "Brunel", "Kate")
	for _, d := range devs {
		d.do(func() { d.o.SetBrain(botbrain.Local{}) })
	}
	leaver := devs[leaverIdx]
	var others []*device
	for _, d := range devs {
		if d != leaver {
			others = append(others, d)
		}
	}
	var seat int
	leaver.do(func() { seat = leaver.o.MySeat() })

	// Play on until the leaver has a move that passes the turn on (or keeps it).
	var last engine.Move
	found := false
	for i := 0; i < 120 && !found; i++ {
		settle(devs)
		leaver.do(func() {
			g := leaver.o.Game()
			if g.State().Actor() != seat || g.State().Round < 2 {
				return
			}
			for _, m := range g.LegalMoves() {
				if out, err := g.Preview(m); err == nil && (out[0].After.Actor() != seat) == passes {
					last, found = m, true
					return
				}
			}
		})
		if !found {
			playMoves(t, devs, 1, uint64(700+i))
		}
	}
	if !found {
		t.Fatalf("%s never had such a move", leaver.name)
	}

	// The move goes out to the chosen devices only, and the leaver's page closes.
	var id string
	leaver.do(func() { id = leaver.o.ID() })
	var to []*device
	for i, d := range others {
		if reach&(1<<i) != 0 {
			to = append(to, d)
		}
	}
	want := playReaching(t, leaver, last, to)
	if reach == 0 {
		leaver.do(func() { leaver.o.Close() })
	} else {
		// Closing at once could drop what was just sent: the point is that it reached these.
		for i, d := range others {
			if reach&(1<<i) != 0 {
				d.waitUntil("it has the leaver's move", 10*time.Second, func(o *Online) bool { return len(o.Game().Moves()) >= want })
			}
		}
		leaver.do(func() { leaver.o.Close() })
	}
	for _, d := range others {
		d.waitUntil("the leaver is away", 10*time.Second, func(o *Online) bool { return o.Seats()[seat].State == PeerAway })
	}

	// A bot on one of the others' devices takes the seat; they play on and agree.
	runner := others[runnerIdx]
	runner.do(func() {
		if err := runner.o.LetBotPlay(seat, "easy"); err != nil {
			t.Fatal(err)
		}
	})
	for _, d := range others {
		d.waitUntil("the bot plays the seat", 10*time.Second, func(o *Online) bool { return o.BotLevel(seat) == "easy" })
	}
	playOnWithBot(t, others, runner, seat, 10)
	runner.waitUntil("the seat's turn is over", 20*time.Second, func(o *Online) bool { return o.Game().State().Actor() != seat })
	agree(t, others)

	// The leaver comes back to the others' game and plays their own seat again.
	n, h := sameEverywhere(t, others)
	o, err := OpenOnline(leaver.store, id, testOptions(srv))
	if err != nil {
		t.Fatal(err)
	}
	leaver.o = o
	leaver.do(func() { o.Connect(leaver.run, leaver.changed) })
	if reach == 0 {
		// Its move reached nobody and the bot played that seat meanwhile: two signed
		// histories. Neither side rewrites the other's moves; both say where they part, and
		// the game stops there between them.
		leaver.waitUntil("the leaver names the others' game", 20*time.Second, func(o *Online) bool { return strings.Contains(o.Desync(), "differs after move") })
		for _, d := range others {
			d.waitUntil("the others name the leaver's game", 20*time.Second, func(o *Online) bool { return strings.Contains(o.Desync(), "differs after move") })
		}
		return
	}
	// Told on connecting that a bot holds the seat, it waits for the seat to be handed back.
	leaver.waitNotice("Your seat is yours again")
	leaver.waitUntil("the leaver has the others' game", 20*time.Second, func(o *Online) bool {
		return len(o.Game().Moves()) >= n && o.Desync() == "" && o.LocalSeat(seat)
	})
	for _, d := range others {
		d.waitUntil("the seat is handed back", 10*time.Second, func(o *Online) bool { return o.BotLevel(seat) == "" })
	}
	agree(t, devs)
	if n2, h2 := leaver.state(); n2 == n && h2 != h {
		t.Fatalf("%s came back to hash %s at move %d, the others are at %s", leaver.name, h2, n, h)
	}
	playMoves(t, devs, 4, 800)
	settle(devs)
	sameEverywhere(t, devs)
}

// playOnWithBot has the devices play moves moves, the bot on runner playing seat. Before
// each, the devices must hold the same game: a move made before a disagreement is settled
// may rightly be dropped by the settling (the documented rule), which is not under test here.
func playOnWithBot(t *testing.T, devs []*device, runner *device, seat, moves int) {
	t.Helper()
	for i := 0; i < moves; i++ {
		agree(t, devs)
		var actor, n int
		runner.do(func() { actor, n = runner.o.Game().State().Actor(), len(runner.o.Game().Moves()) })
		if actor == seat {
			for _, d := range devs {
				d.waitUntil("the bot moved", 20*time.Second, func(o *Online) bool { return len(o.Game().Moves()) > n })
			}
			continue
		}
		playMoves(t, devs, 1, uint64(900+i))
	}
	agree(t, devs)
}

// agree waits until the devices hold the same game (moves and hash) and none is settling a
// disagreement.
func agree(t *testing.T, devs []*device) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		same := true
		n0, h0 := devs[0].state()
		for _, d := range devs {
			n, h := d.state()
			var settling bool
			d.do(func() { settling = d.o.Desync() != "" })
			if n != n0 || h != h0 || settling {
				same = false
			}
		}
		if same {
			return
		}
		if time.Now().After(deadline) {
			sameEverywhere(t, devs) // says how they differ
			t.Fatal("the devices do not settle their disagreement")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

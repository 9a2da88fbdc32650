//go:build !js

package app

import (
	"fmt"
	"net/http/httptest"
	"sort"
	"strings"
	"testing"
	"time"

	"brass/app/botbrain"
	"brass/app/mesh"
	"brass/engine"
	"brass/internal/turntest"
	"brass/signal"
)

// ---- the real signalling server on loopback ----

type testHub struct {
	url string
	srv *signal.Server
}

func newTestHub(t *testing.T, cfg signal.Config) *testHub {
	s := signal.NewServer(cfg)
	hs := httptest.NewServer(s)
	t.Cleanup(func() {
		s.Close()
		hs.Close()
	})
	return &testHub{url: "ws" + strings.TrimPrefix(hs.URL, "http"), srv: s}
}

// ---- a device: one online session on its own "UI goroutine" ----

type device struct {
	t     *testing.T
	name  string
	store *MemoryStore
	o     *Online
	work  chan func()
	stop  chan struct{}
	ticks chan struct{} // a tick after every change
}

func newDevice(t *testing.T, name string) *device {
	d := &device{t: t, name: name, store: NewMemoryStore(), work: make(chan func(), 1024), stop: make(chan struct{}), ticks: make(chan struct{}, 1)}
	go func() {
		for {
			select {
			case f := <-d.work:
				f()
			case <-d.stop:
				return
			}
		}
	}()
	t.Cleanup(d.shutdown)
	return d
}

func (d *device) run(f func()) {
	select {
	case d.work <- f:
	case <-d.stop:
	}
}

func (d *device) changed() {
	select {
	case d.ticks <- struct{}{}:
	default:
	}
}

// do runs f on the device's goroutine and waits for it.
func (d *device) do(f func()) {
	done := make(chan struct{})
	d.run(func() { f(); close(done) })
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		d.t.Fatalf("%s: its goroutine is stuck", d.name)
	}
}

func (d *device) connect(o *Online) {
	d.o = o
	d.do(func() { o.Connect(d.run, d.changed) })
}

func (d *device) shutdown() {
	if d.o != nil {
		o := d.o
		d.do(func() { o.Close() })
	}
	select {
	case <-d.stop:
	default:
		close(d.stop)
	}
}

// waitUntil polls cond on the device's goroutine until it holds.
func (d *device) waitUntil(what string, timeout time.Duration, cond func(o *Online) bool) {
	d.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		ok := false
		d.do(func() { ok = cond(d.o) })
		if ok {
			return
		}
		if time.Now().After(deadline) {
			var notes, peers []string
			var phase OnlinePhase
			d.do(func() {
				phase = d.o.Phase()
				for _, n := range d.o.Notices() {
					notes = append(notes, n.Text)
				}
				if dr := d.o.draw; dr != nil {
					peers = append(peers, fmt.Sprintf("draw: %d commits, %d reveals, %d seeded of %d", len(dr.commits), len(dr.reveals), len(dr.seeded), len(dr.players)))
				}
				for id, r := range d.o.remotes {
					peers = append(peers, fmt.Sprintf("%s=%s open=%v quiet=%v moves=%d", id, r.player, r.open, r.quiet, r.count))
				}
			})
			sort.Strings(peers)
			d.t.Fatalf("%s: timed out waiting until %s (phase %d); notices: %q; peers: %q", d.name, what, phase, notes, peers)
		}
		select {
		case <-d.ticks:
		case <-time.After(20 * time.Millisecond):
		}
	}
}

func (d *device) notices() string {
	var out []string
	d.do(func() {
		for _, n := range d.o.Notices() {
			out = append(out, n.Text)
		}
	})
	return strings.Join(out, "\n")
}

func testOptions(h *testHub) OnlineOptions {
	return OnlineOptions{Dial: SignalDialer(h.url), Mesh: mesh.Config{Loopback: true, Heartbeat: 100 * time.Millisecond, QuietAfter: time.Second}, Retry: 50 * time.Millisecond, BotPause: time.Millisecond}
}

// startGame hosts a room on the first device, joins the others and starts the game.
func startGame(t *testing.T, srv *testHub, names ...string) []*device {
	t.Helper()
	return startGameWith(t, srv, GameSetup{}, func(*OnlineOptions) {}, names...)
}

func startGameWith(t *testing.T, srv *testHub, setup GameSetup, tune func(*OnlineOptions), names ...string) []*device {
	t.Helper()
	setup.Players = len(names)
	opts := testOptions(srv)
	tune(&opts)
	colours := []string{"Red", "Gold", "Purple", "Teal"}
	var devs []*device
	host, err := HostOnline(nil, setup, names[0], colours[0], opts)
	if err != nil {
		t.Fatal(err)
	}
	d0 := newDevice(t, names[0])
	host.store = d0.store
	d0.connect(host)
	devs = append(devs, d0)
	var room string
	d0.waitUntil("the room has a code", 10*time.Second, func(o *Online) bool { room = o.Room(); return room != "" })
	for i, n := range names[1:] {
		d := newDevice(t, n)
		o, err := JoinOnline(d.store, room, n, colours[i+1], opts)
		if err != nil {
			t.Fatal(err)
		}
		d.connect(o)
		devs = append(devs, d)
	}
	d0.waitUntil("every seat is taken and connected", 30*time.Second, func(o *Online) bool { return o.CanStart() })
	d0.do(func() {
		if err := host.Start(); err != nil {
			t.Fatal(err)
		}
	})
	for _, d := range devs {
		d.waitUntil("the game has started", 30*time.Second, func(o *Online) bool { return o.Phase() == PhasePlaying })
	}
	return devs
}

// state reads a device's move count and hash.
func (d *device) state() (int, string) {
	var n int
	var h string
	d.do(func() {
		n = len(d.o.Game().Moves())
		h = hashString(d.o.Game().Hash())
	})
	return n, h
}

// actorDevice returns the device that plays the seat to act.
func actorDevice(t *testing.T, devs []*device) *device {
	t.Helper()
	var actor int
	devs[0].do(func() { actor = devs[0].o.Game().State().Actor() })
	for _, d := range devs {
		local := false
		d.do(func() { local = d.o.LocalSeat(actor) })
		if local {
			return d
		}
	}
	t.Fatalf("no device plays seat %d", actor)
	return nil
}

// playMoves has the devices play n random legal moves (or to the end), each waiting until
// every device has the move.
func playMoves(t *testing.T, devs []*device, n int, seed uint64) {
	t.Helper()
	for i := 0; i < n; i++ {
		over := false
		devs[0].do(func() { over = devs[0].o.Game().Over() })
		if over {
			return
		}
		settle(devs)
		d := actorDevice(t, devs)
		var err error
		var want int
		d.do(func() {
			legal := d.o.Game().LegalMoves()
			seed = seed*6364136223846793005 + 1442695040888963407
			m := legal[int((seed>>33)%uint64(len(legal)))]
			err = d.o.Submit(m)
			want = len(d.o.Game().Moves())
		})
		if err != nil {
			t.Fatalf("move %d by %s: %v", i, d.name, err)
		}
		for _, o := range devs {
			o.waitUntil(fmt.Sprintf("it has move %d", want), 10*time.Second, func(o *Online) bool { return len(o.Game().Moves()) >= want })
		}
	}
}

// settle waits until every device has every move any of them has (a move, or a seat bot's,
// may still be on its way), so that they all agree whose turn it is.
func settle(devs []*device) {
	most := 0
	for _, d := range devs {
		if n, _ := d.state(); n > most {
			most = n
		}
	}
	for _, d := range devs {
		d.waitUntil(fmt.Sprintf("it has move %d", most), 10*time.Second, func(o *Online) bool { return len(o.Game().Moves()) >= most })
	}
}

func sameEverywhere(t *testing.T, devs []*device) (int, string) {
	t.Helper()
	n0, h0 := devs[0].state()
	for _, d := range devs[1:] {
		if n, h := d.state(); n != n0 || h != h0 {
			t.Fatalf("%s has %d moves, hash %s; %s has %d moves, hash %s", devs[0].name, n0, h0, d.name, n, h)
		}
	}
	return n0, h0
}

func TestOnlineLobbySeedAndSeats(t *testing.T) {
	srv := newTestHub(t, signal.Config{})
	devs := startGame(t, srv, "Ada", "Brunel", "Kate")
	sameEverywhere(t, devs)
	seats := map[int]bool{}
	defer func() {
		if len(seats) != len(devs) {
			t.Errorf("seats taken: %v", seats)
		}
	}()
	for _, d := range devs {
		d.do(func() {
			// Seats go in the order the players reached the host; each device plays its own.
			i := d.o.MySeat()
			seats[i] = true
			cfg := d.o.Game().Config()
			if i < 0 || cfg.Names[i] != d.name {
				t.Errorf("%s plays seat %d (names %v)", d.name, i, cfg.Names)
			}
			for p := 0; p < 3; p++ {
				if d.o.LocalSeat(p) != (p == i) {
					t.Errorf("%s: LocalSeat(%d) = %v", d.name, p, d.o.LocalSeat(p))
				}
			}
			if cfg.Names[0] != "Ada" {
				t.Errorf("the host is not in seat 1: %v", cfg.Names)
			}
			// The seed is the hash of the three secrets, each matching its commitment.
			meta := d.o.saved.Online
			if len(meta.Secrets) != 3 || seedFrom(d.o.ID(), meta.Secrets) != cfg.Seed {
				t.Errorf("the stored draw does not give the seed")
			}
			for k, p := range meta.Players {
				if commitment(d.o.ID(), p, meta.Secrets[k]) != meta.Commits[k] {
					t.Errorf("stored commitment %d does not match", k)
				}
			}
		})
	}
}

// Four native pion peers connect through the real signalling server and play a whole
// random game over their data channels; every device ends with the same hash.
func TestOnlineWholeGame(t *testing.T) {
	srv := newTestHub(t, signal.Config{})
	devs := startGame(t, srv, "Ada", "Brunel", "Kate", "Dora")
	playWholeGame(t, devs)
}

// The same over a real TURN relay (coturn on loopback), every connection forced through it:
// the ICE servers reach the devices from the signalling server's configuration.
func TestOnlineWholeGameOverTURNRelay(t *testing.T) {
	relay := turntest.Start(t)
	srv := newTestHub(t, signal.Config{ICEServers: []signal.ICEServer{{URLs: []string{relay.URL}, Username: relay.Username, Credential: relay.Password}}})
	relayOnly := func(o *OnlineOptions) { o.Mesh.RelayOnly = true }
	devs := startGameWith(t, srv, GameSetup{}, relayOnly, "Ada", "Brunel", "Kate")
	for _, d := range devs {
		d.do(func() {
			for _, r := range d.o.remotes {
				if local, remote := d.o.mesh.Route(r.peer); local != "relay" || remote != "relay" {
					t.Errorf("%s's connection to %s goes %s ↔ %s, not through the relay", d.name, r.name, local, remote)
				}
			}
		})
	}
	playWholeGame(t, devs)
}

func playWholeGame(t *testing.T, devs []*device) {
	t.Helper()
	playMoves(t, devs, 1000, 7)
	n, _ := sameEverywhere(t, devs)
	devs[0].do(func() {
		if !devs[0].o.Game().Over() {
			t.Fatalf("the game did not end after %d moves", n)
		}
	})
	// Every device saved the whole game.
	for _, d := range devs {
		list, err := ListGames(d.store)
		if err != nil || len(list) != 1 || list[0].Moves != n || !list[0].Over || list[0].Room == "" {
			t.Fatalf("%s's saved games: %+v, %v", d.name, list, err)
		}
	}
}

// noticesContain waits until one of a device's notices contains text.
func (d *device) waitNotice(text string) {
	d.t.Helper()
	d.waitUntil("a notice says "+text, 10*time.Second, func(o *Online) bool {
		for _, n := range o.Notices() {
			if strings.Contains(n.Text, text) {
				return true
			}
		}
		return false
	})
}

func TestOnlineRefusesIllegalAndOutOfTurnMoves(t *testing.T) {
	srv := newTestHub(t, signal.Config{})
	devs := startGame(t, srv, "Ada", "Brunel", "Kate")
	playMoves(t, devs, 5, 3)
	n, h := sameEverywhere(t, devs)
	actor := actorDevice(t, devs)
	var other *device
	for _, d := range devs {
		if d != actor {
			other = d
			break
		}
	}
	// A move out of turn, for the sender's own seat, at the right index.
	other.do(func() {
		seat := other.o.MySeat()
		other.o.broadcast(wireMessage{Type: msgMove, Game: other.o.ID(), At: n, Move: &engine.Move{Type: "pass", Player: seat, Card: "brewery"}, Hash: h})
	})
	for _, d := range devs {
		if d != other {
			d.waitNotice("Refused " + other.name + "'s move")
		}
	}
	other.waitNotice("refused move")
	// A move for another player's seat.
	other.do(func() {
		seat := actor.o.MySeat()
		other.o.broadcast(wireMessage{Type: msgMove, Game: other.o.ID(), At: n, Move: &engine.Move{Type: "loan", Player: seat, Card: "brewery"}, Hash: h})
	})
	actor.waitNotice("Refused a move from " + other.name + " for another player's seat.")
	// Garbage and a malformed message change nothing.
	other.do(func() {
		other.o.mesh.Broadcast([]byte("{not json"))
		other.o.mesh.Broadcast([]byte(`{"t":"move","game":"` + other.o.ID() + `","at":-4}`))
	})
	actor.waitNotice("not valid JSON")
	actor.waitNotice("number out of range")
	// Seat-bot messages that are wrong change nothing: an unknown level, a bot for the
	// sender's own seat (nobody plays their own seat as a bot), a hand-back of a seat the
	// sender's bot does not play.
	other.do(func() {
		id, own, theirs := other.o.ID(), other.o.MySeat(), actor.o.MySeat()
		other.o.broadcast(wireMessage{Type: msgSeatBot, Game: id, At: own, Level: "easy"})
		other.o.broadcast(wireMessage{Type: msgSeatBot, Game: id, At: theirs, Level: ""})
		// Last, so that its notice shows the two before it were handled (one ordered channel).
		other.o.mesh.Broadcast([]byte(`{"t":"seat-bot","game":"` + id + `","at":` + fmt.Sprint(theirs) + `,"level":"godlike"}`))
	})
	for _, d := range devs {
		if d != other {
			d.waitNotice("a bad seat or level")
		}
	}
	for _, d := range devs {
		d.do(func() {
			for seat := range d.o.saved.Online.Players {
				if lv := d.o.BotLevel(seat); lv != "" {
					t.Errorf("%s: a wrong seat-bot message gave seat %d a %s bot", d.name, seat, lv)
				}
			}
		})
	}
	if n2, h2 := sameEverywhere(t, devs); n2 != n || h2 != h {
		t.Fatalf("refused input changed the game: %d %s → %d %s", n, h, n2, h2)
	}
	// A stale move: made against an earlier position (and not the move made there, which
	// would be a repeat, not a conflict).
	other.do(func() {
		stale := engine.Move{Type: "pass", Player: other.o.MySeat(), Card: "brewery"}
		if sameMove(other.o.Game().Moves()[n-1], stale) {
			stale.Card = "iron_works"
		}
		other.o.broadcast(wireMessage{Type: msgMove, Game: other.o.ID(), At: n - 1, Move: &stale, Hash: h})
	})
	actor.waitNotice("a stale move")
	// Play goes on normally.
	playMoves(t, devs, 5, 4)
	sameEverywhere(t, devs)
}

func TestOnlineDetectsATamperedHashAtThatMove(t *testing.T) {
	srv := newTestHub(t, signal.Config{})
	devs := startGame(t, srv, "Ada", "Brunel", "Kate")
	playMoves(t, devs, 4, 5)
	a := actorDevice(t, devs)
	var at int
	a.do(func() {
		g := a.o.Game()
		m := g.LegalMoves()[0]
		at = len(g.Moves())
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
		a.o.recordHash()
		a.o.save()
		a.o.broadcast(wireMessage{Type: msgMove, Game: a.o.ID(), At: at, Move: &m, Hash: "0123456789abcdef"})
	})
	want := fmt.Sprintf("differs from yours after move %d", at+1)
	for _, d := range devs {
		if d != a {
			d.waitNotice(a.name + "'s game " + want)
		}
	}
	// The next moves carry right hashes: the devices agree again.
	playMoves(t, devs, 3, 6)
	for _, d := range devs {
		if d != a {
			d.waitNotice("agree again")
		}
		d.do(func() {
			if d.o.Desync() != "" {
				t.Errorf("%s still reports a desync", d.name)
			}
		})
	}
	sameEverywhere(t, devs)
}

func TestOnlineDivergedDeviceAdoptsTheMajorityRecord(t *testing.T) {
	srv := newTestHub(t, signal.Config{})
	devs := startGame(t, srv, "Ada", "Brunel", "Kate")
	playMoves(t, devs, 6, 8)
	// Kate's device goes wrong: its game takes a different move than the others'.
	kate := devs[2]
	kate.do(func() {
		o := kate.o
		var moves []engine.Move
		moves = append(moves, o.Game().Moves()...)
		g, _ := engine.NewGame(o.Game().Config())
		for _, m := range moves[:len(moves)-1] {
			_ = g.Apply(m)
		}
		legal := g.LegalMoves()
		for _, m := range legal {
			if !sameMove(m, moves[len(moves)-1]) {
				_ = g.Apply(m)
				break
			}
		}
		o.game = g
		o.hashes = o.hashes[:len(moves)-1]
		o.hashes = append(o.hashes, hashString(g.Hash()))
		// Its next hello (as after a reconnect) shows the others its hash.
		o.broadcast(o.hello())
	})
	kate.waitNotice("it now follows the record the majority holds")
	n, _ := sameEverywhere(t, devs)
	playMoves(t, devs, 4, 9)
	if n2, _ := sameEverywhere(t, devs); n2 <= n {
		t.Fatalf("play did not go on after the desync")
	}
}

// A device adopting another's record after a desync, whose source leaves before sending
// it, decides again among the devices still here instead of waiting for ever.
func TestOnlineAdoptionGoesOnWhenItsSourceLeaves(t *testing.T) {
	srv := newTestHub(t, signal.Config{})
	devs := startGame(t, srv, "Ada", "Brunel", "Kate")
	playMoves(t, devs, 6, 18)
	settle(devs)
	ada, low, high := devs[0], devs[1], devs[2]
	var lowSeat, highSeat int
	low.do(func() { lowSeat = low.o.MySeat() })
	high.do(func() { highSeat = high.o.MySeat() })
	if highSeat < lowSeat {
		low, high = high, low
	}
	// The higher seat's game takes a different last move, and it is about to fetch Ada's
	// record when Ada leaves.
	var at int
	high.do(func() {
		o := high.o
		moves := o.Game().Moves()
		g, _ := engine.NewGame(o.Game().Config())
		for _, m := range moves[:len(moves)-1] {
			_ = g.Apply(m)
		}
		for _, m := range g.LegalMoves() {
			if !sameMove(m, moves[len(moves)-1]) {
				_ = g.Apply(m)
				break
			}
		}
		at = len(moves) - 1
		o.game = g
		o.hashes = append(o.hashes[:at], hashString(g.Hash()))
		o.desync = &desyncState{at: at, adopting: ada.o.Me()}
	})
	ada.do(func() { ada.o.Close() })
	high.waitUntil("Ada is away", 10*time.Second, func(o *Online) bool { return !o.connected(ada.o.Me()) })
	// Its hash reaches the other device still here: a tie, which the lower seat wins.
	high.do(func() {
		high.o.broadcast(wireMessage{Type: msgAck, Game: high.o.ID(), At: at, Hash: high.o.hashes[at]})
	})
	high.waitNotice("it now follows the record the majority holds")
	for _, d := range []*device{low, high} {
		d.waitUntil("the games agree again", 10*time.Second, func(o *Online) bool { return o.Desync() == "" })
	}
	sameEverywhere(t, []*device{low, high})
}

func TestOnlineDroppedDeviceReconnectsAndCatchesUp(t *testing.T) {
	srv := newTestHub(t, signal.Config{})
	devs := startGame(t, srv, "Ada", "Brunel", "Kate")
	playMoves(t, devs, 8, 10)
	kate := devs[2]
	var id string
	var seat int
	kate.do(func() {
		id, seat = kate.o.ID(), kate.o.MySeat()
		kate.o.Close()
	})
	// The others see Kate away, and play on while it is not her turn.
	devs[0].waitUntil("Kate is away", 10*time.Second, func(o *Online) bool { return o.Seats()[seat].State == PeerAway })
	for i := 0; i < 30; i++ {
		var actor int
		devs[0].do(func() { actor = devs[0].o.Game().State().Actor() })
		if actor == seat {
			break
		}
		playMoves(t, devs[:2], 1, uint64(20+i))
	}
	n, h := sameEverywhere(t, devs[:2])
	// Kate reopens the game from her saved games.
	o, err := OpenOnline(kate.store, id, testOptions(srv))
	if err != nil {
		t.Fatal(err)
	}
	kate.o = o
	kate.do(func() { o.Connect(kate.run, kate.changed) })
	kate.waitUntil("Kate caught up", 20*time.Second, func(o *Online) bool { return len(o.Game().Moves()) == n })
	if _, h2 := kate.state(); h2 != h {
		t.Fatalf("Kate caught up to hash %s, the others have %s", h2, h)
	}
	devs[0].waitUntil("Kate is back", 10*time.Second, func(o *Online) bool { return o.Seats()[seat].State == PeerConnected })
	playMoves(t, devs, 6, 30)
	sameEverywhere(t, devs)
}

// playUndoableMove plays to the first action of a two-action turn in round 2 or later and
// has its player make a move that may be taken back; it returns that player's device once
// every device has the move.
func playUndoableMove(t *testing.T, devs []*device) *device {
	t.Helper()
	for i := 0; i < 60; i++ {
		ready := false
		devs[0].do(func() {
			st := devs[0].o.Game().State()
			ready = st.Round >= 2 && st.ActionsDone == 0 && st.Phase == engine.PhaseAction
		})
		if ready {
			break
		}
		playMoves(t, devs, 1, uint64(40+i))
	}
	a := actorDevice(t, devs)
	// A move whose turn goes on (no card drawn): Loan is always fine early.
	a.do(func() {
		for _, m := range a.o.Game().LegalMoves() {
			if m.Type == "develop" || m.Type == "loan" || m.Type == "build" {
				if err := a.o.Submit(m); err != nil {
					t.Fatal(err)
				}
				break
			}
		}
	})
	n, _ := a.state()
	for _, d := range devs {
		d.waitUntil("it has the move", 10*time.Second, func(o *Online) bool { return len(o.Game().Moves()) == n })
	}
	return a
}

// A player who asked to take a move back and left withdraws the question from the others.
func TestOnlineUndoQuestionLapsesWhenItsAskerLeaves(t *testing.T) {
	srv := newTestHub(t, signal.Config{})
	devs := startGame(t, srv, "Ada", "Brunel", "Kate")
	a := playUndoableMove(t, devs)
	a.do(func() {
		if err := a.o.Undo(); err != nil {
			t.Fatal(err)
		}
	})
	var others []*device
	for _, d := range devs {
		if d != a {
			others = append(others, d)
			d.waitUntil("asked", 10*time.Second, func(o *Online) bool { return o.UndoAsked() == a.name })
		}
	}
	a.do(func() { a.o.Close() })
	for _, d := range others {
		d.waitUntil("the question is withdrawn", 10*time.Second, func(o *Online) bool { return o.UndoAsked() == "" })
		d.waitNotice("request to take back their move lapsed")
	}
}

func TestOnlineUndoNeedsEveryonesAgreement(t *testing.T) {
	srv := newTestHub(t, signal.Config{})
	devs := startGame(t, srv, "Ada", "Brunel", "Kate")
	a := playUndoableMove(t, devs)
	n, h := a.state()
	// First request: one player refuses.
	a.do(func() {
		if !a.o.CanUndo() {
			t.Fatal("the actor cannot ask for an undo")
		}
		if err := a.o.Undo(); err != nil {
			t.Fatal(err)
		}
	})
	others := []*device{}
	for _, d := range devs {
		if d != a {
			others = append(others, d)
		}
	}
	for _, d := range others {
		d.waitUntil("asked", 10*time.Second, func(o *Online) bool { return o.UndoAsked() == a.name })
	}
	others[0].do(func() { others[0].o.AnswerUndo(true) })
	others[1].do(func() { others[1].o.AnswerUndo(false) })
	a.waitNotice(others[1].name + " did not agree")
	if n2, h2 := sameEverywhere(t, devs); n2 != n || h2 != h {
		t.Fatal("a refused undo changed the game")
	}
	// Second request: both agree; every device takes the move back.
	a.do(func() {
		if err := a.o.Undo(); err != nil {
			t.Fatal(err)
		}
	})
	for _, d := range others {
		d.waitUntil("asked again", 10*time.Second, func(o *Online) bool { return o.UndoAsked() == a.name })
		d.do(func() { d.o.AnswerUndo(true) })
	}
	for _, d := range devs {
		d.waitUntil("the move is taken back", 10*time.Second, func(o *Online) bool { return len(o.Game().Moves()) == n-1 })
	}
	sameEverywhere(t, devs)
	playMoves(t, devs, 4, 50)
	settle(devs)
	sameEverywhere(t, devs)
	// The undone move's hashes are forgotten: its replacement is no disagreement.
	for _, d := range devs {
		if n := d.notices(); strings.Contains(n, "Desync") {
			t.Errorf("%s saw a desync after the undo:\n%s", d.name, n)
		}
	}
}

func TestOnlineSeedDrawNamesAPlayerWhoseSecretDoesNotMatch(t *testing.T) {
	o, err := HostOnline(NewMemoryStore(), GameSetup{Players: 2}, "Ada", "Red", OnlineOptions{Dial: SignalDialer("ws://127.0.0.1:9/signal")})
	if err != nil {
		t.Fatal(err)
	}
	o.lobby = append(o.lobby, lobbySeat{Player: "bob", Name: "Bob", Colour: "#e2b714"})
	start := wireMessage{Type: msgStart, Game: "g1", Host: o.me, Players: []string{o.me, "bob"},
		Config: &startConfig{Edition: "birmingham", Players: 2, Names: []string{"Ada", "Bob"}, Colours: []string{"#c0392b", "#e2b714"}}}
	o.beginDraw(start)
	if o.draw.revealed {
		t.Fatal("revealed before every commitment was in")
	}
	bobSecret := newSecret()
	o.seedMessage(wireMessage{Type: msgCommit, Game: "g1", Player: "bob", Commit: commitment("g1", "bob", bobSecret)})
	if !o.draw.revealed {
		t.Fatal("not revealed once every commitment was in")
	}
	o.seedMessage(wireMessage{Type: msgReveal, Game: "g1", Player: "bob", Secret: newSecret()})
	if o.Phase() != PhaseFailed || !strings.Contains(o.Failure(), "Bob's secret does not match their commitment") {
		t.Fatalf("phase %d, failure %q", o.Phase(), o.Failure())
	}
	if o.Game() != nil {
		t.Fatal("a game was started")
	}
}

func TestSeedDependsOnEverySecret(t *testing.T) {
	a, b := newSecret(), newSecret()
	s1 := seedFrom("g", []string{a, b})
	if s1 != seedFrom("g", []string{a, b}) {
		t.Fatal("not deterministic")
	}
	if s1 == seedFrom("g", []string{a, newSecret()}) || s1 == seedFrom("g2", []string{a, b}) || s1 == seedFrom("g", []string{b, a}) {
		t.Fatal("the seed ignores a secret, the game or the seat order")
	}
	if s1 >= 1<<53 {
		t.Fatal("the seed does not fit a JavaScript number")
	}
	if commitment("g", "p1", a) == commitment("g", "p2", a) || commitment("g", "p1", a) == commitment("g2", "p1", a) {
		t.Fatal("a commitment is not bound to its game and player")
	}
}

// A bot takes the seat of a player who left, run on another player's device; when the player
// comes back, the seat is theirs again.
func TestOnlineBotPlaysTheSeatOfAPlayerWhoLeft(t *testing.T) {
	srv := newTestHub(t, signal.Config{})
	devs := startGame(t, srv, "Ada", "Brunel", "Kate")
	for _, d := range devs {
		d.do(func() { d.o.SetBrain(botbrain.Local{}) })
	}
	playMoves(t, devs, 6, 60)
	ada, kate := devs[0], devs[2]
	var id string
	var seat int
	kate.do(func() {
		id, seat = kate.o.ID(), kate.o.MySeat()
		kate.o.Close()
	})
	ada.waitUntil("Kate is away", 10*time.Second, func(o *Online) bool { return o.Seats()[seat].State == PeerAway })
	// Nobody may hand their own seat to a bot.
	ada.do(func() {
		if err := ada.o.LetBotPlay(ada.o.MySeat(), "easy"); err == nil {
			t.Error("a bot took the seat of the device's own player")
		}
		if err := ada.o.LetBotPlay(seat, "easy"); err != nil {
			t.Fatal(err)
		}
	})
	devs[1].waitNotice("let an Easy bot play for Kate")
	// Ada and Brunel play their seats; Ada's device plays Kate's with the bot.
	bot := 0
	for i := 0; i < 40; i++ {
		var actor, n int
		ada.do(func() { actor, n = ada.o.Game().State().Actor(), len(ada.o.Game().Moves()) })
		if actor == seat {
			for _, d := range devs[:2] {
				d.waitUntil("the bot moved", 20*time.Second, func(o *Online) bool { return len(o.Game().Moves()) > n })
			}
			bot++
			continue
		}
		playMoves(t, devs[:2], 1, uint64(70+i))
	}
	if bot == 0 {
		t.Fatal("the bot never played Kate's seat")
	}
	// The bot may still be playing Kate's turn: wait until the turn has passed and Brunel
	// has every move Ada has.
	ada.waitUntil("Kate's turn is over", 20*time.Second, func(o *Online) bool { return o.Game().State().Actor() != seat })
	var want int
	ada.do(func() { want = len(ada.o.Game().Moves()) })
	devs[1].waitUntil("Brunel has every move", 20*time.Second, func(o *Online) bool { return len(o.Game().Moves()) >= want })
	n, h := sameEverywhere(t, devs[:2])
	// Kate comes back: her seat is hers again and she catches up.
	o, err := OpenOnline(kate.store, id, testOptions(srv))
	if err != nil {
		t.Fatal(err)
	}
	kate.o = o
	kate.do(func() { o.Connect(kate.run, kate.changed) })
	kate.waitUntil("Kate caught up", 20*time.Second, func(o *Online) bool { return len(o.Game().Moves()) >= n })
	ada.waitNotice("Kate is back")
	// Kate's device was told that Ada's bot played her seat, and got it back from Ada.
	kate.waitNotice("played for you while you were away")
	kate.waitNotice("Your seat is yours again")
	kate.waitUntil("Kate plays her seat", 10*time.Second, func(o *Online) bool { return o.LocalSeat(seat) })
	ada.do(func() {
		if ada.o.BotLevel(seat) != "" {
			t.Error("the bot still plays Kate's seat")
		}
	})
	if _, h2 := kate.state(); h2 != h && len(kate.o.Game().Moves()) == n {
		t.Fatalf("Kate caught up to %s, the others are at %s", h2, h)
	}
	playMoves(t, devs, 6, 90)
	sameEverywhere(t, devs)
}

// The host's choice of the introductory game reaches every device's config.
func TestOnlineIntroductoryGame(t *testing.T) {
	srv := newTestHub(t, signal.Config{})
	devs := startGameWith(t, srv, GameSetup{Introductory: true}, func(*OnlineOptions) {}, "Ada", "Brunel")
	for _, d := range devs {
		d.do(func() {
			if !d.o.Game().Config().Introductory {
				t.Errorf("%s's game is not the introductory game", d.name)
			}
		})
	}
	playWholeGame(t, devs)
}

// The host's choice of Brass: Lancashire with the original rules reaches every device's
// config; the devices play to the end of the Canal Era with the same hash.
func TestOnlineLancashireGame(t *testing.T) {
	srv := newTestHub(t, signal.Config{})
	devs := startGameWith(t, srv, GameSetup{Edition: "lancashire", Rules: "original"}, func(*OnlineOptions) {}, "Ada", "Brunel", "Cort")
	for _, d := range devs {
		d.do(func() {
			if c := d.o.Game().Config(); c.Edition != "lancashire" || c.Rules != "original" {
				t.Errorf("%s's game is %q with rules %q", d.name, c.Edition, c.Rules)
			}
		})
	}
	playMoves(t, devs, 40, 9)
	_, h0 := devs[0].state()
	for _, d := range devs[1:] {
		if _, h := d.state(); h != h0 {
			t.Errorf("%s has hash %s, the host %s", d.name, h, h0)
		}
	}
}

// A Lancashire room is set up for its rule set's player counts only, and with no
// introductory game.
func TestHostOnlineChecksTheRuleSet(t *testing.T) {
	opts := OnlineOptions{Dial: SignalDialer("ws://127.0.0.1:9/signal")}
	for _, c := range []struct {
		setup GameSetup
		want  string
	}{
		{GameSetup{Players: 2, Edition: "lancashire", Rules: "original"}, "3 to 4 players, not 2"},
		{GameSetup{Players: 3, Edition: "lancashire", Rules: "warfrog"}, "no edition"},
		{GameSetup{Players: 3, Edition: "lancashire", Introductory: true}, "no introductory game"},
		{GameSetup{Players: 1}, "2 to 4 players, not 1"},
	} {
		_, err := HostOnline(NewMemoryStore(), c.setup, "Ada", "Red", opts)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("HostOnline(%+v) = %v, want %q", c.setup, err, c.want)
		}
	}
	if _, err := HostOnline(NewMemoryStore(), GameSetup{Players: 2, Edition: "lancashire"}, "Ada", "Red", opts); err != nil {
		t.Errorf("a 2-player Roxley Lancashire room: %v", err)
	}
}

// A player's last move can reach only some devices before the player leaves (the page closed
// as the move went out). A bot then plays that seat on another device from the position
// before it: the devices left disagree, and they must settle on one record, the same on both,
// and play on; the player who left adopts it on return.
func TestOnlineMoveThatReachedOnlySomeDevicesBeforeItsPlayerLeft(t *testing.T) {
	srv := newTestHub(t, signal.Config{})
	devs := startGame(t, srv, "Ada", "Brunel", "Kate")
	for _, d := range devs {
		d.do(func() { d.o.SetBrain(botbrain.Local{}) })
	}
	ada, brunel, kate := devs[0], devs[1], devs[2]
	var seat int
	kate.do(func() { seat = kate.o.MySeat() })
	for i := 0; i < 40; i++ {
		settle(devs)
		var actor int
		ada.do(func() { actor = ada.o.Game().State().Actor() })
		if actor == seat {
			break
		}
		playMoves(t, devs, 1, uint64(200+i))
	}
	// Kate moves; the move reaches Brunel only, and Kate's page closes.
	var id string
	var kateMove engine.Move
	kate.do(func() {
		o := kate.o
		id = o.ID()
		at := len(o.Game().Moves())
		legal := o.Game().LegalMoves()
		m := legal[len(legal)/2]
		kateMove = m
		if err := o.game.Apply(m); err != nil {
			t.Fatal(err)
		}
		h := o.recordHash()
		o.save()
		r := o.peerOf(brunel.o.Me())
		if r == nil {
			t.Fatal("Kate has no connection to Brunel")
		}
		o.send(r.peer, wireMessage{Type: msgMove, Game: o.saved.ID, At: at, Move: &m, Hash: h})
	})
	var want int
	kate.do(func() { want = len(kate.o.Game().Moves()) })
	brunel.waitUntil("Brunel has Kate's move", 10*time.Second, func(o *Online) bool { return len(o.Game().Moves()) >= want })
	kate.do(func() { kate.o.Close() })
	for _, d := range devs[:2] {
		d.waitUntil("Kate is away", 10*time.Second, func(o *Online) bool { return o.Seats()[seat].State == PeerAway })
	}
	ada.do(func() {
		if err := ada.o.LetBotPlay(seat, "easy"); err != nil {
			t.Fatal(err)
		}
	})
	// Ada and Brunel end up with one record (on a tie the host's, Ada's) and play on together.
	ada.waitUntil("the bot moved for Kate", 20*time.Second, func(o *Online) bool { return len(o.Game().Moves()) >= want })
	var botMove engine.Move
	ada.do(func() { botMove = ada.o.Game().Moves()[want-1] })
	if !sameMove(botMove, kateMove) {
		brunel.waitNotice("it now follows the record the majority holds")
	}
	for i := 0; i < 12; i++ {
		var actor int
		ada.waitUntil("the games agree", 20*time.Second, func(o *Online) bool { return o.Desync() == "" })
		brunel.waitUntil("the games agree", 20*time.Second, func(o *Online) bool { return o.Desync() == "" })
		settle(devs[:2])
		var n int
		ada.do(func() { actor, n = ada.o.Game().State().Actor(), len(ada.o.Game().Moves()) })
		if actor == seat {
			ada.waitUntil("the bot moved", 20*time.Second, func(o *Online) bool { return len(o.Game().Moves()) > n })
			continue
		}
		playMoves(t, devs[:2], 1, uint64(300+i))
	}
	ada.waitUntil("Kate's turn is over", 20*time.Second, func(o *Online) bool { return o.Game().State().Actor() != seat })
	settle(devs[:2])
	n, h := sameEverywhere(t, devs[:2])
	// Kate comes back with her own last move in her record and adopts theirs.
	o, err := OpenOnline(kate.store, id, testOptions(srv))
	if err != nil {
		t.Fatal(err)
	}
	kate.o = o
	kate.do(func() { o.Connect(kate.run, kate.changed) })
	kate.waitUntil("Kate has their record", 30*time.Second, func(o *Online) bool {
		return len(o.Game().Moves()) >= n && hashString(o.Game().Hash()) != "" && o.Desync() == ""
	})
	if !sameMove(botMove, kateMove) {
		kate.waitNotice("it now follows the record the majority holds")
	}
	kate.waitUntil("Kate plays her seat", 10*time.Second, func(o *Online) bool { return o.LocalSeat(seat) })
	settle(devs)
	if n2, h2 := kate.state(); n2 == n && h2 != h {
		t.Fatalf("Kate has hash %s at move %d, the others %s", h2, n2, h)
	}
	playMoves(t, devs, 6, 400)
	sameEverywhere(t, devs)
}

// A leaving player's last move reached one device only, and it passed the turn to a player
// whose device missed it: that device learns from the others' acknowledgements that it is
// behind and fetches the move, so the game goes on (before, both waited for each other).
func TestOnlineDeviceBehindAnotherCatchesUpWithoutANewMove(t *testing.T) {
	srv := newTestHub(t, signal.Config{})
	devs := startGame(t, srv, "Ada", "Brunel", "Kate")
	for _, d := range devs {
		d.do(func() { d.o.SetBrain(botbrain.Local{}) })
	}
	ada, brunel, kate := devs[0], devs[1], devs[2]
	var seat, brunelSeat int
	kate.do(func() { seat = kate.o.MySeat() })
	brunel.do(func() { brunelSeat = brunel.o.MySeat() })
	// Play on until Kate has a move that ends her turn and makes Brunel the player to act.
	var last engine.Move
	found := false
	for i := 0; i < 80 && !found; i++ {
		settle(devs)
		kate.do(func() {
			g := kate.o.Game()
			if g.State().Actor() != seat {
				return
			}
			for _, m := range g.LegalMoves() {
				if out, err := g.Preview(m); err == nil && out[0].After.Actor() == brunelSeat {
					last, found = m, true
					return
				}
			}
		})
		if !found {
			playMoves(t, devs, 1, uint64(500+i))
		}
	}
	if !found {
		t.Fatal("Kate never had a move passing the turn to Brunel")
	}
	// Kate's move reaches Ada only, and Kate's page closes.
	var want int
	kate.do(func() {
		o := kate.o
		at := len(o.Game().Moves())
		if err := o.game.Apply(last); err != nil {
			t.Fatal(err)
		}
		h := o.recordHash()
		o.save()
		want = len(o.Game().Moves())
		r := o.peerOf(ada.o.Me())
		if r == nil {
			t.Fatal("Kate has no connection to Ada")
		}
		o.send(r.peer, wireMessage{Type: msgMove, Game: o.saved.ID, At: at, Move: &last, Hash: h})
	})
	ada.waitUntil("Ada has Kate's move", 10*time.Second, func(o *Online) bool { return len(o.Game().Moves()) >= want })
	kate.do(func() { kate.o.Close() })
	// Brunel, whose turn it is, fetches the move Ada acknowledged, and the two play on.
	brunel.waitUntil("Brunel has Kate's last move", 10*time.Second, func(o *Online) bool { return len(o.Game().Moves()) >= want })
	playMoves(t, devs[:2], 1, 600)
	sameEverywhere(t, devs[:2])
}

// A device that went quiet (a phone that put the page to sleep) counts as away, so a bot may
// take its seat; when it is heard again, the bot hands the seat back as on a reconnection.
func TestOnlineBotHandsBackTheSeatOfAQuietDeviceHeardAgain(t *testing.T) {
	srv := newTestHub(t, signal.Config{})
	devs := startGame(t, srv, "Ada", "Brunel", "Kate")
	for _, d := range devs {
		d.do(func() { d.o.SetBrain(botbrain.Local{}) })
	}
	ada, kate := devs[0], devs[2]
	var seat int
	kate.do(func() { seat = kate.o.MySeat() })
	var peer string
	ada.do(func() {
		peer = ada.o.peerOf(kate.o.Me()).peer
		ada.o.meshEvent(ada.o.mesh, mesh.Event{Kind: mesh.Quiet, Peer: peer})
		if st := ada.o.Seats()[seat].State; st != PeerAway {
			t.Fatalf("a quiet device is shown %v, not away", st)
		}
		if err := ada.o.LetBotPlay(seat, "easy"); err != nil {
			t.Fatal(err)
		}
	})
	kate.waitUntil("Kate hears of the bot", 10*time.Second, func(o *Online) bool { return o.BotLevel(seat) == "easy" })
	ada.do(func() { ada.o.meshEvent(ada.o.mesh, mesh.Event{Kind: mesh.Heard, Peer: peer}) })
	ada.waitNotice("Kate is back")
	kate.waitUntil("Kate plays her seat again", 10*time.Second, func(o *Online) bool { return o.LocalSeat(seat) })
	ada.do(func() {
		if ada.o.BotLevel(seat) != "" {
			t.Error("the bot still plays Kate's seat")
		}
	})
	playMoves(t, devs, 6, 950)
	settle(devs)
	sameEverywhere(t, devs)
}

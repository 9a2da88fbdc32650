//go:build !js

package app

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"sort"
	"strings"
	"testing"
	"time"

	"brass/app/botbrain"
	"brass/app/dealer"
	"brass/app/mesh"
	"brass/app/online"
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
	t     testing.TB
	name  string
	store *MemoryStore
	o     *Online
	work  chan func()
	stop  chan struct{}
	ticks chan struct{} // a tick after every change
	gone  chan struct{} // closed once its goroutine runs nothing more
}

func newDevice(t testing.TB, name string) *device {
	d := &device{t: t, name: name, store: NewMemoryStore(), work: make(chan func(), 1024), stop: make(chan struct{}), ticks: make(chan struct{}, 1), gone: make(chan struct{})}
	go func() {
		defer close(d.gone)
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
				for _, s := range d.o.Seats() {
					peers = append(peers, fmt.Sprintf("%s=%s", s.Name, s.State))
				}
				if d.o.testReplica() != nil {
					peers = append(peers, fmt.Sprintf("moves=%d desync=%q", d.o.testReplica().Ledger().Len(), d.o.Desync()))
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
	return startGameEach(t, srv, setup, func(_ int, o *OnlineOptions) { tune(o) }, names...)
}

// startGameEach is startGameWith with each device's options tuned on their own (device i).
func startGameEach(t *testing.T, srv *testHub, setup GameSetup, tune func(int, *OnlineOptions), names ...string) []*device {
	t.Helper()
	setup.Players = len(names)
	optsFor := func(i int) OnlineOptions {
		o := testOptions(srv)
		tune(i, &o)
		return o
	}
	colours := []string{"Red", "Gold", "Purple", "Teal"}
	var devs []*device
	host, err := HostOnline(nil, setup, names[0], colours[0], optsFor(0))
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
		o, err := JoinOnline(d.store, room, n, colours[i+1], optsFor(i+1))
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
	for _, d := range devs {
		d.waitUntil("every other device is greeted", 30*time.Second, func(o *Online) bool {
			for seat := range o.saved.Online.Players {
				if seat != o.MySeat() && o.testReplica().PeerOf(seat) == "" {
					return false
				}
			}
			return true
		})
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
	// (In a game whose cards the devices deal, the actor's device plays once its cards are.)
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		var actor int
		devs[0].do(func() { actor = devs[0].o.Game().State().Actor() })
		for _, d := range devs {
			local := false
			d.do(func() { local = d.o.LocalSeat(actor) })
			if local {
				return d
			}
		}
	}
	t.Fatalf("no device plays the seat to act")
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
			if seed, bad := online.CheckDraw(d.o.ID(), meta.Players, meta.Keys, meta.Boxes, meta.Commits, meta.Secrets); bad >= 0 || seed != cfg.Seed {
				t.Errorf("the stored draw does not give the seed (seat %d does not match)", bad)
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
			for seat := range d.o.Seats() {
				if seat == d.o.MySeat() {
					continue
				}
				if local, remote := d.o.mesh.Route(d.o.testReplica().PeerOf(seat)); local != "relay" || remote != "relay" {
					t.Errorf("%s's connection to seat %d goes %s ↔ %s, not through the relay", d.name, seat+1, local, remote)
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
	settle(devs)
	n, h := sameEverywhere(t, devs)
	actor := actorDevice(t, devs)
	var other *device
	for _, d := range devs {
		if d != actor {
			other = d
			break
		}
	}
	toAll := func(msg map[string]any) {
		for _, d := range devs {
			if d != other {
				sendRaw(t, other, d, msg)
			}
		}
	}
	var game string
	var next online.Position
	var own, theirs int
	other.do(func() {
		game, next, own, theirs = other.o.ID(), other.o.testReplica().Ledger().Next(), other.o.MySeat(), actor.o.MySeat()
	})
	sign := func(m engine.Move) online.Signed {
		var s online.Signed
		other.do(func() { s = other.o.testIdentity().SignMove(game, next, m, false) })
		return s
	}
	// A move out of turn, for the sender's own seat, at the right index, properly signed.
	toAll(map[string]any{"t": "move", "game": game, "at": 0, "move": sign(engine.Move{Type: "pass", Player: own, Card: "brewery"}), "hash": h})
	for _, d := range devs {
		if d != other {
			d.waitNotice("Refused a move from " + other.name + "'s device")
		}
	}
	other.waitNotice("device refused move")
	// A move for another player's seat, signed with the sender's own key.
	toAll(map[string]any{"t": "move", "game": game, "at": 0, "move": sign(engine.Move{Type: "loan", Player: theirs, Card: "brewery"}), "hash": h})
	actor.waitNotice("signed by seat")
	// Garbage and a malformed message change nothing.
	other.do(func() {
		other.o.mesh.Broadcast([]byte("{not json"))
		other.o.mesh.Broadcast([]byte(`{"t":"move","game":"` + game + `","at":-4}`))
	})
	actor.waitNotice("not valid JSON")
	actor.waitNotice("number out of range")
	// Seat-bot messages that are wrong change nothing: a bot for the sender's own seat
	// (nobody plays their own seat as a bot), a hand-back of a seat the sender's bot does not
	// play, an unknown level.
	toAll(map[string]any{"t": "seat-bot", "game": game, "at": 0, "seat": own, "level": "easy"})
	toAll(map[string]any{"t": "seat-bot", "game": game, "at": 0, "seat": theirs})
	toAll(map[string]any{"t": "seat-bot", "game": game, "at": 0, "seat": theirs, "level": "godlike"})
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
	// Play goes on normally.
	playMoves(t, devs, 5, 4)
	sameEverywhere(t, devs)
}

// playReaching plays a move on a device and sends it to the listed devices only (none: it
// stays on the device), as when a page closes while the move goes out. It returns the
// number of moves the device then holds.
func playReaching(t *testing.T, d *device, m engine.Move, to []*device) int {
	t.Helper()
	var want int
	var seats []int
	for _, x := range to {
		x.do(func() { seats = append(seats, x.o.MySeat()) })
	}
	d.do(func() {
		o := d.o
		r := o.testReplica()
		if err := r.Play(m); err != nil {
			t.Fatal(err)
		}
		rd := r.Ready()
		r.Advance()
		if rd.Save {
			o.save()
		}
		reach := map[string]bool{}
		for _, seat := range seats {
			peer := r.PeerOf(seat)
			if peer == "" {
				t.Fatalf("%s has no connection to seat %d", d.name, seat+1)
			}
			reach[peer] = true
		}
		for _, msg := range rd.Messages {
			if reach[msg.To] {
				_ = o.mesh.Send(msg.To, msg.Data)
			}
		}
		want = r.Ledger().Len()
	})
	return want
}

// sendRaw sends a message as a device running modified code would: any JSON, to one device.
func sendRaw(t *testing.T, from, to *device, msg map[string]any) {
	t.Helper()
	data, err := json.Marshal(msg)
	if err != nil {
		t.Fatal(err)
	}
	var seat int
	to.do(func() { seat = to.o.MySeat() })
	from.do(func() {
		peer := from.o.testReplica().PeerOf(seat)
		if peer == "" {
			t.Fatalf("%s has no connection to %s", from.name, to.name)
		}
		_ = from.o.mesh.Send(peer, data)
	})
}

// A device that reports another state after a move (a false hash) is named on the others,
// which keep every move they accepted and play on; it changes nothing.
func TestOnlineFalseHashIsNamedAndChangesNothing(t *testing.T) {
	for _, players := range [][]string{{"Ada", "Brunel"}, {"Ada", "Brunel", "Kate"}} {
		t.Run(fmt.Sprintf("%dp", len(players)), func(t *testing.T) {
			srv := newTestHub(t, signal.Config{})
			devs := startGame(t, srv, players...)
			playMoves(t, devs, 4, 5)
			settle(devs)
			cheater, honest := devs[len(devs)-1], devs[0]
			n, h := sameEverywhere(t, devs)
			var game string
			honest.do(func() { game = honest.o.ID() })
			sendRaw(t, cheater, honest, map[string]any{"t": "ack", "game": game, "at": n - 1, "hash": "0123456789abcdef", "link": strings.Repeat("ab", 32)})
			honest.waitUntil("the false hash is named", 10*time.Second, func(o *Online) bool { return strings.Contains(o.Desync(), "differs after move") })
			if n2, h2 := honest.state(); n2 != n || h2 != h {
				t.Fatalf("a false hash changed the game: %d %s, was %d %s", n2, h2, n, h)
			}
			playMoves(t, devs, 3, 6)
			sameEverywhere(t, devs)
		})
	}
}

// Two colluding devices of three cannot rewrite the third player's move: they sign a record
// in which that move is another, and the honest device keeps its own and names them.
func TestOnlineTwoCollludingDevicesCannotRewriteAMove(t *testing.T) {
	srv := newTestHub(t, signal.Config{})
	devs := startGame(t, srv, "Ada", "Brunel", "Kate")
	var honestSeat int
	honest := devs[0]
	honest.do(func() { honestSeat = honest.o.MySeat() })
	for i := 0; i < 40; i++ {
		settle(devs)
		var actor int
		honest.do(func() { actor = honest.o.Game().State().Actor() })
		if actor == honestSeat {
			break
		}
		playMoves(t, devs, 1, uint64(80+i))
	}
	playMoves(t, devs, 1, 90) // the honest player's move
	settle(devs)
	n, h := sameEverywhere(t, devs)
	var game string
	var theirs engine.Move
	honest.do(func() { game, theirs = honest.o.ID(), honest.o.Game().Moves()[n-1] })
	// The colluders re-sign the honest move as another, with their own keys, and offer it as
	// a catch-up and as a move.
	for _, c := range devs[1:] {
		c.do(func() {
			l := c.o.testReplica().Ledger()
			pos := online.Position{Index: n - 1, Prev: l.At(n - 1).Prev, Before: l.At(n - 1).Before}
			var other engine.Move
			g, _ := engine.NewGame(c.o.Game().Config())
			for _, m := range c.o.Game().Moves()[:n-1] {
				_ = g.Apply(m)
			}
			for _, m := range g.LegalMoves() {
				if !sameMoves(m, theirs) {
					other = m
					break
				}
			}
			forged := c.o.testIdentity().SignMove(game, pos, other, false)
			data, _ := json.Marshal(map[string]any{"t": "sync", "game": game, "at": n - 1, "moves": []online.Signed{forged}})
			_ = c.o.mesh.Send(c.o.testReplica().PeerOf(honestSeat), data)
			data, _ = json.Marshal(map[string]any{"t": "move", "game": game, "at": 0, "move": forged, "hash": "0123456789abcdef"})
			_ = c.o.mesh.Send(c.o.testReplica().PeerOf(honestSeat), data)
		})
	}
	time.Sleep(300 * time.Millisecond)
	if n2, h2 := honest.state(); n2 != n || h2 != h {
		t.Fatalf("the colluders rewrote the honest move: %d %s, was %d %s", n2, h2, n, h)
	}
	honest.do(func() {
		if got := honest.o.Game().Moves()[n-1]; !sameMoves(got, theirs) {
			t.Fatalf("the honest player's move is now %v", got)
		}
	})
}

// A device that sends a second hello with another player's key is not taken for that player:
// the hello is not signed for its connection.
func TestOnlineSecondHelloWithAnotherIDRefused(t *testing.T) {
	srv := newTestHub(t, signal.Config{})
	devs := startGame(t, srv, "Ada", "Brunel", "Kate")
	ada, brunel, kate := devs[0], devs[1], devs[2]
	var game string
	var brunelKey online.PublicKey
	brunel.do(func() { brunelKey = brunel.o.testIdentity().Public() })
	ada.do(func() { game = ada.o.ID() })
	sendRaw(t, kate, ada, map[string]any{"t": "hello", "v": online.Version, "game": game, "key": brunelKey, "sig": make([]byte, 64)})
	ada.waitNotice("not signed for this connection")
	// A device of the version before signed moves is told to reload.
	sendRaw(t, kate, ada, map[string]any{"t": "hello", "v": 3, "player": "0123456789abcdef", "name": "Old"})
	ada.waitNotice("runs another version of Brass")
	playMoves(t, devs, 4, 11)
	sameEverywhere(t, devs)
}

// A device that lets a bot take a connected player's seat is refused by every device that
// sees the player, the victim's included, and its moves for that seat are refused.
func TestOnlineSeatBotForAPresentPlayerRefused(t *testing.T) {
	srv := newTestHub(t, signal.Config{})
	devs := startGame(t, srv, "Ada", "Brunel", "Kate")
	ada, brunel, kate := devs[0], devs[1], devs[2]
	var game string
	var seat int
	ada.do(func() { game, seat = ada.o.ID(), ada.o.MySeat() })
	for _, to := range []*device{ada, brunel} {
		sendRaw(t, kate, to, map[string]any{"t": "seat-bot", "game": game, "at": 0, "seat": seat, "level": "hard"})
	}
	ada.waitNotice("tried to let a bot play your seat while you are here")
	brunel.waitNotice("but Ada is here; refused")
	for _, d := range []*device{ada, brunel} {
		d.do(func() {
			if d.o.BotLevel(seat) != "" {
				t.Errorf("%s accepted the bot", d.name)
			}
		})
	}
	ada.do(func() {
		if !ada.o.LocalSeat(seat) {
			t.Error("Ada lost her seat")
		}
	})
	playMoves(t, devs, 4, 12)
	sameEverywhere(t, devs)
}

// Two different moves signed by one key for one slot, sent to two devices, are proof of
// cheating: the devices find it, stop the game and name the player.
func TestOnlineEquivocationStopsTheGame(t *testing.T) {
	srv := newTestHub(t, signal.Config{})
	devs := startGame(t, srv, "Ada", "Brunel", "Kate")
	ada, brunel, kate := devs[0], devs[1], devs[2]
	var kateSeat int
	kate.do(func() { kateSeat = kate.o.MySeat() })
	for i := 0; i < 40; i++ {
		settle(devs)
		var actor int
		ada.do(func() { actor = ada.o.Game().State().Actor() })
		if actor == kateSeat {
			break
		}
		playMoves(t, devs, 1, uint64(120+i))
	}
	settle(devs)
	var game string
	var a, b online.Signed
	kate.do(func() {
		game = kate.o.ID()
		legal := kate.o.Game().LegalMoves()
		pos := kate.o.testReplica().Ledger().Next()
		a = kate.o.testIdentity().SignMove(game, pos, legal[0], false)
		b = kate.o.testIdentity().SignMove(game, pos, legal[len(legal)-1], false)
	})
	sendRaw(t, kate, ada, map[string]any{"t": "move", "game": game, "at": 0, "move": a, "hash": "0123456789abcdef"})
	sendRaw(t, kate, brunel, map[string]any{"t": "move", "game": game, "at": 0, "move": b, "hash": "0123456789abcdef"})
	for _, d := range []*device{ada, brunel} {
		d.waitUntil("the cheat is shown", 10*time.Second, func(o *Online) bool { return strings.Contains(o.Desync(), "signed two different moves") })
	}
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
	// Every device left must see Kate away: one that still sees her refuses the bot.
	for _, d := range devs[:2] {
		d.waitUntil("Kate is away", 10*time.Second, func(o *Online) bool { return o.Seats()[seat].State == PeerAway })
	}
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
		id = kate.o.ID()
		legal := kate.o.Game().LegalMoves()
		kateMove = legal[len(legal)/2]
	})
	want := playReaching(t, kate, kateMove, []*device{brunel})
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
	// Ada fetches Kate's move from Brunel, whose acknowledgement told her of it, so the bot
	// plays on from after it, and everyone keeps Kate's own move.
	ada.waitUntil("Ada has Kate's move", 20*time.Second, func(o *Online) bool { return len(o.Game().Moves()) >= want })
	ada.do(func() {
		if got := ada.o.Game().Moves()[want-1]; !sameMoves(got, kateMove) {
			t.Fatalf("Kate's move became %v", got)
		}
	})
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
	// Kate comes back to the game the others played on.
	o, err := OpenOnline(kate.store, id, testOptions(srv))
	if err != nil {
		t.Fatal(err)
	}
	kate.o = o
	kate.do(func() { o.Connect(kate.run, kate.changed) })
	kate.waitUntil("Kate has their record", 30*time.Second, func(o *Online) bool {
		return len(o.Game().Moves()) >= n && hashString(o.Game().Hash()) != "" && o.Desync() == ""
	})
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
	want := playReaching(t, kate, last, []*device{ada})
	ada.waitUntil("Ada has Kate's move", 10*time.Second, func(o *Online) bool { return len(o.Game().Moves()) >= want })
	kate.do(func() { kate.o.Close() })
	// Brunel, whose turn it is, fetches the move Ada acknowledged, and the two play on.
	brunel.waitUntil("Brunel has Kate's last move", 10*time.Second, func(o *Online) bool { return len(o.Game().Moves()) >= want })
	playMoves(t, devs[:2], 1, 600)
	sameEverywhere(t, devs[:2])
}

// A device that went quiet on one device only (a phone whose connection to one other faltered)
// is away there, and a bot may be asked for its seat; but another device still sees the
// player, and refuses, so the bot never moves and hands the seat back.
func TestOnlineBotForAPlayerQuietOnOneDeviceIsRefused(t *testing.T) {
	srv := newTestHub(t, signal.Config{})
	devs := startGame(t, srv, "Ada", "Brunel", "Kate")
	for _, d := range devs {
		d.do(func() { d.o.SetBrain(botbrain.Local{}) })
	}
	ada, kate := devs[0], devs[2]
	var seat int
	kate.do(func() { seat = kate.o.MySeat() })
	var n int
	ada.do(func() {
		n = ada.o.testReplica().Ledger().Len()
		peer := ada.o.testReplica().PeerOf(seat)
		ada.o.meshEvent(ada.o.mesh, mesh.Event{Kind: mesh.Quiet, Peer: peer})
		if st := ada.o.Seats()[seat].State; st != PeerAway {
			t.Fatalf("a quiet device is shown %v, not away", st)
		}
		if err := ada.o.LetBotPlay(seat, "easy"); err != nil {
			t.Fatal(err)
		}
	})
	ada.waitNotice("Kate is back")
	ada.do(func() {
		if ada.o.BotLevel(seat) != "" || ada.o.testReplica().Ledger().Len() != n {
			t.Error("the bot still plays Kate's seat, or moved")
		}
	})
	kate.waitUntil("Kate plays her seat", 10*time.Second, func(o *Online) bool { return o.LocalSeat(seat) })
	playMoves(t, devs, 6, 950)
	settle(devs)
	sameEverywhere(t, devs)
}

// A game whose cards the devices deal (GameSetup.Dealt): no device's game or deal holds
// another player's hand, the deck or a face-down card at any point; a device that leaves and
// reopens the game from its store takes its side of the deal up again and plays on; the game
// ends, and every device's audit of the deal passes.
func TestOnlineDealtGame(t *testing.T) {
	srv := newTestHub(t, signal.Config{})
	devs := startGameWith(t, srv, GameSetup{Dealt: true}, func(*OnlineOptions) {}, "Ada", "Brunel", "Kate")
	hidden := func(when string) {
		t.Helper()
		for _, d := range devs {
			d.do(func() {
				if h := d.o.Hidden(); h != (HiddenReport{}) {
					t.Fatalf("%s: %s's device holds hidden cards: %+v", when, d.name, h)
				}
			})
		}
	}
	for _, d := range devs {
		d.waitUntil("its hand is dealt", 20*time.Second, func(o *Online) bool {
			return o.Dealt() && len(o.Game().State().HandCards(o.MySeat())) == 8
		})
	}
	hidden("after the deal")
	playMoves(t, devs, 15, 3)
	hidden("after 15 moves")

	// Kate leaves and reopens the game from her saved games.
	kate := devs[2]
	var id string
	kate.do(func() { id = kate.o.ID(); kate.o.Close() })
	o, err := OpenOnline(kate.store, id, testOptions(srv))
	if err != nil {
		t.Fatal(err)
	}
	kate.o = o
	kate.do(func() { o.Connect(kate.run, kate.changed) })
	n, _ := sameEverywhere(t, devs[:2])
	kate.waitUntil("Kate caught up", 20*time.Second, func(o *Online) bool { return len(o.Game().Moves()) == n })

	playWholeGame(t, devs)
	hidden("at the end")
	for _, d := range devs {
		d.waitUntil("the deal is audited", 20*time.Second, func(o *Online) bool { return strings.Contains(o.DealAudit(), "deal was audited") })
	}
	// The exported file keeps what the deal showed the device and, the audit done, the whole
	// deal (every pass and every seat's published keys); it replays and checks out elsewhere,
	// deal and all, and leaves the device's own stored side of the deal behind.
	var hash uint64
	devs[0].do(func() { id, hash = devs[0].o.ID(), devs[0].o.Game().Hash() })
	data, _, err := ExportGame(devs[0].store, id)
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Deal *dealer.Record `json:"deal"`
	}
	if err := json.Unmarshal(data, &file); err != nil || file.Deal == nil || len(file.Deal.Deals) == 0 || len(file.Deal.Deals[0].Audit) != 3 {
		t.Fatalf("the exported file has no record of the audited deal (%v)", err)
	}
	if strings.Contains(string(data), "key_seed") || strings.Contains(string(data), `"dealer"`) || !strings.Contains(string(data), `"reveals"`) {
		t.Fatal("the exported file holds the device's own side of the deal, or not what the deal showed")
	}
	other := NewMemoryStore()
	nid, err := ImportGame(other, data)
	if err != nil {
		t.Fatalf("the exported dealt game does not import: %v", err)
	}
	// A file whose deal was changed (two of a seat's keys swapped) is refused, naming the deal.
	keys := file.Deal.Deals[0].Audit[1].PosKeys
	keys[0], keys[1] = keys[1], keys[0]
	var whole map[string]json.RawMessage
	if err := json.Unmarshal(data, &whole); err != nil {
		t.Fatal(err)
	}
	whole["deal"], _ = json.Marshal(file.Deal)
	changed, _ := json.Marshal(whole)
	if _, err := ImportGame(NewMemoryStore(), changed); err == nil || !strings.Contains(err.Error(), "deal does not check out") {
		t.Fatalf("a file with a changed deal imported: %v", err)
	}
	sg, err := loadGame(other, nid)
	if err != nil {
		t.Fatal(err)
	}
	if g, err := engine.Replay(sg.Record); err != nil || g.Hash() != hash || !g.Over() {
		t.Fatalf("the imported game replays to another state (%v)", err)
	}
}

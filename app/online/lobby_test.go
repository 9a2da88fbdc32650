package online

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

// A room of lobbies connected to each other, delivering in order and at once; device 0 is
// the host the signalling server names.
type lobbyNet struct {
	t       *testing.T
	lobbies []*Lobby
	notices [][]string
	begins  []*Begin
	// drop, when set, loses a message on its way (as a connection that opens may).
	drop func(from, to int, m message) bool
	// timers started, by device
	timers [][]Timer
}

func newLobbyNet(t *testing.T, players int) *lobbyNet {
	t.Helper()
	n := &lobbyNet{t: t, notices: make([][]string, players), begins: make([]*Begin, players), timers: make([][]Timer, players)}
	colours := []string{"Red", "Gold", "Purple", "Teal"}
	for i := 0; i < players; i++ {
		c := LobbyConfig{Me: LobbySeat{Name: "P" + string(rune('A'+i)), Colour: colours[i]},
			Timing: Timing{Stall: 30 * time.Second}, Random: rand.NewChaCha8([32]byte{byte(i + 1)})}
		if i == 0 {
			c.Host, c.Setup, c.RoomSecret = true, Setup{Players: players}, strings.Repeat("ab", 32)
		}
		l, err := NewLobby(c)
		if err != nil {
			t.Fatal(err)
		}
		l.Step(Event{Kind: Entered, Peer: peerName(i)})
		n.lobbies = append(n.lobbies, l)
	}
	for i := range n.lobbies {
		for j := range n.lobbies {
			if i != j {
				n.lobbies[i].Step(Event{Kind: Opened, Peer: peerName(j), Host: j == 0})
			}
		}
	}
	n.flush()
	return n
}

// player is device i's player id (its lobby key's hash).
func (n *lobbyNet) player(i int) string { return n.lobbies[i].Me().Player }

func (n *lobbyNet) flush() {
	n.t.Helper()
	for round := 0; round < 1000; round++ {
		var out []packet
		for i, l := range n.lobbies {
			rd := l.Ready()
			l.Advance()
			for _, no := range rd.Notices {
				n.notices[i] = append(n.notices[i], no.Text)
			}
			n.timers[i] = append(n.timers[i], rd.Timers...)
			if rd.Begin != nil {
				n.begins[i] = rd.Begin
			}
			for _, m := range rd.Messages {
				j := int(m.To[len(m.To)-1] - 'a')
				var msg message
				_ = json.Unmarshal(m.Data, &msg)
				if n.drop == nil || !n.drop(i, j, msg) {
					out = append(out, packet{i, j, m.Data})
				}
			}
		}
		if len(out) == 0 {
			return
		}
		for _, p := range out {
			n.lobbies[p.to].Step(Event{Kind: Message, Peer: peerName(p.from), Data: p.data})
		}
	}
	n.t.Fatal("the room never went quiet")
}

func (n *lobbyNet) inject(from, to int, m message) {
	n.lobbies[to].Step(Event{Kind: Message, Peer: peerName(from), Data: encode(m)})
	n.flush()
}

func (n *lobbyNet) noticed(i int, part string) bool {
	return slices.ContainsFunc(n.notices[i], func(s string) bool { return strings.Contains(s, part) })
}

// Players gather, the host starts, every device draws the seed and begins the same game.
func TestLobbyGathersAndDrawsTheSeed(t *testing.T) {
	n := newLobbyNet(t, 3)
	host := n.lobbies[0]
	if !host.CanStart() {
		t.Fatalf("the host cannot start: %d seats of %d", len(host.Seats()), host.Size())
	}
	for _, l := range n.lobbies[1:] {
		if len(l.Seats()) != 3 || l.HostPlayer() != n.player(0) {
			t.Fatalf("a guest has %d seats, host %q", len(l.Seats()), l.HostPlayer())
		}
	}
	if err := host.Start("game1"); err != nil {
		t.Fatal(err)
	}
	n.flush()
	for i, b := range n.begins {
		if b == nil {
			t.Fatalf("device %d did not begin: %q", i, n.notices[i])
		}
		if link := b.Genesis.Link(); link != n.begins[0].Genesis.Link() {
			t.Fatalf("device %d began another game", i)
		}
		seed, bad := CheckDraw(b.Genesis.Game, b.Players, b.Genesis.Keys, b.Genesis.Boxes, b.Commits, b.Secrets)
		if bad >= 0 || seed != b.Genesis.Config.Seed {
			t.Fatalf("device %d's draw does not give its seed", i)
		}
		if b.Genesis.Keys[i] != b.Identity.Public() || b.RoomSecret != strings.Repeat("ab", 32) {
			t.Fatalf("device %d's key or room secret is not its own", i)
		}
	}
	// Each begins a replica on the same game.
	for _, b := range n.begins {
		if _, err := b.Start(DefaultTiming, nil); err != nil {
			t.Fatal(err)
		}
	}
}

// A joiner takes the list of seats and the start only from the device the server named the
// room's host, even from a device that claims the host's player id (two hosts).
func TestLobbyTakesSeatsOnlyFromTheNamedHost(t *testing.T) {
	n := newLobbyNet(t, 3)
	guest, evil := n.lobbies[1], 2
	seats := guest.Seats()
	n.inject(evil, 1, message{Type: msgLobby, Size: 3, Host: n.player(2), Seats: []LobbySeat{{Player: n.player(2), Name: "C", Colour: "Red"}, {Player: n.player(1), Name: "B", Colour: "Gold"}}})
	if guest.HostPlayer() != n.player(0) || !slices.Equal(guest.Seats(), seats) {
		t.Fatalf("a lobby from a peer the server did not name was taken: host %q, seats %v", guest.HostPlayer(), guest.Seats())
	}
	if !n.noticed(1, "did not name that device the room's host") {
		t.Fatalf("no notice: %q", n.notices[1])
	}
	// Claiming the host's own player id does not help: the connection is not the named one.
	n.inject(evil, 1, message{Type: msgLobby, Size: 2, Host: n.player(0), Seats: []LobbySeat{{Player: n.player(0), Name: "A", Colour: "Red"}}})
	if guest.Size() != 3 || !slices.Equal(guest.Seats(), seats) {
		t.Fatalf("an impersonated lobby was taken: %v", guest.Seats())
	}
	// Nor can it start the game.
	start := message{Type: msgStart, Game: "g1", Host: n.player(0), Players: []string{n.player(0), n.player(1), n.player(2)},
		Config: &StartConfig{Edition: "birmingham", Players: 3, Names: []string{"A", "B", "C"}, Colours: []string{"Red", "Gold", "Teal"}}}
	n.inject(evil, 1, start)
	if guest.Phase() != Gathering {
		t.Fatalf("an impersonated start was taken: phase %d", guest.Phase())
	}
}

// The start gives the room secret to the seated players only, and a malformed secret is
// refused.
func TestLobbyStartCarriesTheRoomSecretToSeatedPlayersOnly(t *testing.T) {
	n := newLobbyNet(t, 2)
	host := n.lobbies[0]
	start := message{Type: msgStart, Players: []string{n.player(0), n.player(1)}}
	if got := host.startFor(n.player(1), start).RoomSecret; got != host.RoomSecret() || got == "" {
		t.Fatal("a seated player's start lacks the room secret")
	}
	for _, p := range []string{"lurker", ""} {
		if got := host.startFor(p, start).RoomSecret; got != "" {
			t.Fatalf("an unseated device %q got the room secret", p)
		}
	}
	if _, err := decode([]byte(`{"t":"start","game":"g","host":"h","players":["a","b"],"config":{"edition":"birmingham","players":2,"names":["A","B"],"colours":["Red","Gold"]},"room_secret":"xyz"}`)); err == nil {
		t.Fatal("a malformed room secret was accepted")
	}
}

// A secret that does not match its commitment names its player, and no game begins.
func TestSeedDrawNamesAPlayerWhoseSecretDoesNotMatch(t *testing.T) {
	n := newLobbyNet(t, 2)
	cheater := 1
	n.drop = func(from, to int, m message) bool { return from == cheater && m.Type == msgReveal }
	if err := n.lobbies[0].Start("g1"); err != nil {
		t.Fatal(err)
	}
	n.flush()
	if !n.lobbies[0].draw.revealed {
		t.Fatal("the host did not reveal once every commitment was in")
	}
	n.inject(cheater, 0, message{Type: msgReveal, Game: "g1", Player: n.player(1), Secret: strings.Repeat("0", 64)})
	host := n.lobbies[0]
	if host.Phase() != Failed || !strings.Contains(host.Failure(), "PB's secret does not match their commitment") || n.begins[0] != nil {
		t.Fatalf("phase %d, failure %q", host.Phase(), host.Failure())
	}
}

// A cheat only the host saw still stops every guest: the host's list of seats says why its
// lobby failed, where a guest would otherwise wait for a start that cannot come (a soak found
// one waiting for ever). Only the host's connection may say so.
func TestAHostsFailedDrawStopsEveryGuest(t *testing.T) {
	n := newLobbyNet(t, 3)
	cheater := 2
	n.drop = func(from, to int, m message) bool { return from == cheater && m.Type == msgReveal }
	if err := n.lobbies[0].Start("g1"); err != nil {
		t.Fatal(err)
	}
	n.flush()
	n.inject(cheater, 0, message{Type: msgReveal, Game: "g1", Player: n.player(cheater), Secret: strings.Repeat("0", 64)})
	guest := n.lobbies[1]
	if guest.Phase() != Failed || !strings.Contains(guest.Failure(), "The host's device stopped before the game began: PC's secret does not match their commitment") {
		t.Fatalf("the guest: phase %d, failure %q", guest.Phase(), guest.Failure())
	}
	if n.begins[1] != nil {
		t.Fatal("the guest began a game")
	}
	// Only the host's connection may say so.
	m := n.lobbies[0].seatList()
	n2 := newLobbyNet(t, 3)
	m.Host = n2.player(2)
	n2.inject(2, 1, m)
	if n2.lobbies[1].Phase() == Failed {
		t.Fatal("a guest's list of seats with a reason stopped another guest")
	}
}

// A device that never reveals its secret (a host who dislikes the seed it would get, say)
// stalls the draw for Timing.Stall at most: it is then named, and the lobby gathers again.
func TestSeedDrawNamesADeviceThatNeverReveals(t *testing.T) {
	n := newLobbyNet(t, 3)
	staller := 0 // the host itself
	n.drop = func(from, to int, m message) bool { return from == staller && m.Type == msgReveal }
	if err := n.lobbies[0].Start("g1"); err != nil {
		t.Fatal(err)
	}
	n.flush()
	for i := 1; i < 3; i++ {
		l := n.lobbies[i]
		if l.Phase() != Drawing {
			t.Fatalf("device %d is not drawing: %d", i, l.Phase())
		}
		var last Timer
		for _, tm := range n.timers[i] {
			if tm.Kind == TimerStall {
				last = tm
			}
		}
		if last.After != 30*time.Second {
			t.Fatalf("device %d started no stall timer of 30 s: %+v", i, last)
		}
		l.Step(Event{Kind: Fired, Timer: last})
		n.flush()
		if l.Phase() != Gathering || !n.noticed(i, "PA's device did not send a secret within 30 s") {
			t.Fatalf("device %d: phase %d, notices %q", i, l.Phase(), n.notices[i])
		}
	}
}

// The seed depends on every secret, the game and the seat order, and fits a JavaScript
// number; a commitment is bound to its game, player and key.
func TestSeedDependsOnEverySecret(t *testing.T) {
	r := rand.NewChaCha8([32]byte{9})
	a, _ := newSecret(r)
	b, _ := newSecret(r)
	c, _ := newSecret(r)
	s1 := SeedFrom("g", []string{a, b})
	if s1 != SeedFrom("g", []string{a, b}) {
		t.Fatal("not deterministic")
	}
	if s1 == SeedFrom("g", []string{a, c}) || s1 == SeedFrom("g2", []string{a, b}) || s1 == SeedFrom("g", []string{b, a}) {
		t.Fatal("the seed ignores a secret, the game or the seat order")
	}
	if s1 >= 1<<53 {
		t.Fatal("the seed does not fit a JavaScript number")
	}
	if commitment("g", "p1", "k", "", a) == commitment("g", "p2", "k", "", a) || commitment("g", "p1", "k", "", a) == commitment("g2", "p1", "k", "", a) || commitment("g", "p1", "k", "", a) == commitment("g", "p1", "k2", "", a) {
		t.Fatal("a commitment is not bound to its game, player and key")
	}
	if commitment("g", "p1", "k", "b", a) == commitment("g", "p1", "k", "b2", a) || commitment("g", "p1", "k", "b", a) == commitment("g", "p1", "k", "", a) {
		t.Fatal("a commitment is not bound to its box key")
	}
}

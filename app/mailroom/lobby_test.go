//go:build !js

package mailroom

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"brass/app/online"
	"brass/mailbox"
)

// lobbyDevice is one player's device in an own-pace lobby: what it stores between visits is
// its LobbyConfig.
type lobbyDevice struct {
	cfg   LobbyConfig
	begin *online.Begin
	fail  string
}

func newLobbyDevice(t *testing.T, invite []byte, host bool, setup Setup, name string, n byte) *lobbyDevice {
	t.Helper()
	id, err := online.NewIdentity(source(n, 7))
	if err != nil {
		t.Fatal(err)
	}
	secret, err := online.NewSecret(source(n, 8))
	if err != nil {
		t.Fatal(err)
	}
	return &lobbyDevice{cfg: LobbyConfig{Invite: invite, Host: host, Setup: setup, Name: name, Colour: "#c0392b", KeySeed: id.Seed(), Secret: secret}}
}

// visitLobby opens the device's lobby alone, reads the whole log, says what it has to say and
// closes it again.
func visitLobby(t *testing.T, s *server, d *lobbyDevice) *Lobby {
	t.Helper()
	if n := s.connections(t); n != 0 {
		t.Fatalf("a device opens while %d connections are open", n)
	}
	l, err := NewLobby(d.cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	ls, err := OpenLobby(ctx, LobbyOptions{URL: s.url, Lobby: l,
		Save: func() error { d.cfg = l.Config(); return nil },
		Ready: func(rd online.Ready) {
			if rd.Begin != nil {
				d.begin = rd.Begin
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	if err := ls.Idle(ctx); err != nil {
		t.Fatal(err)
	}
	if err := ls.Close(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(5 * time.Second); s.connections(t) != 0; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the server still counts a closed connection")
		}
	}
	d.fail = l.Failure()
	return l
}

func threeSetup() Setup {
	return Setup{Setup: online.Setup{Players: 3, Edition: "birmingham", Dealt: true}, TurnLimit: 24 * 3600}
}

// An own-pace lobby fills as the players arrive, one device at a time, and the game begins
// once every device has revealed: every device makes the same genesis, which the mailbox then
// takes as the game's (its game envelopes are checked against the genesis's seats).
func TestAnOwnPaceLobbyFillsAndBeginsWithDevicesNeverOnTogether(t *testing.T) {
	s := newServer(t)
	invite := make([]byte, InvitationSize)
	source(1, 1).Read(invite)
	host := newLobbyDevice(t, invite, true, threeSetup(), "Ada", 1)
	ben := newLobbyDevice(t, invite, false, Setup{}, "Ben", 2)
	cy := newLobbyDevice(t, invite, false, Setup{}, "ada", 3) // a name already taken

	l := visitLobby(t, s, host)
	if l.Phase() != online.Gathering || len(l.Seats()) != 1 || l.Size() != 3 {
		t.Fatalf("after the host's visit: phase %v, %d seats of %d", l.Phase(), len(l.Seats()), l.Size())
	}
	visitLobby(t, s, ben)
	l = visitLobby(t, s, cy) // the last seat: it reveals at once
	if l.Phase() != online.Drawing || len(l.Seats()) != 3 {
		t.Fatalf("after the last join: phase %v, %d seats", l.Phase(), len(l.Seats()))
	}
	if got := l.Awaited(); strings.Join(got, ",") != "Ada,Ben" {
		t.Fatalf("the draw waits for %q, want Ada and Ben", got)
	}
	if seats := l.Seats(); seats[2].Name != "ada 2" || seats[2].Colour == seats[0].Colour {
		t.Fatalf("a name and colour already taken were kept: %+v", seats)
	}
	visitLobby(t, s, host)
	l = visitLobby(t, s, ben) // the last secret: it writes the genesis and begins
	if ben.begin == nil {
		t.Fatalf("the last device to reveal did not begin (phase %v, %q)", l.Phase(), l.Failure())
	}
	visitLobby(t, s, host)
	visitLobby(t, s, cy)
	for i, d := range []*lobbyDevice{host, ben, cy} {
		if d.begin == nil {
			t.Fatalf("device %d did not begin: %q", i, d.fail)
		}
		if d.begin.Genesis.Link() != host.begin.Genesis.Link() {
			t.Fatalf("device %d began another game", i)
		}
		if d.begin.Self != PeerOf(i) || d.begin.Genesis.Keys[i] != d.begin.Identity.Public() {
			t.Fatalf("device %d is not in seat %d", i, i)
		}
	}
	g := host.begin
	if seed, cheat := online.CheckDraw(g.Genesis.Game, g.Players, g.Genesis.Keys, g.Genesis.Boxes, g.Commits, g.Secrets); cheat >= 0 || seed != g.Genesis.Config.Seed {
		t.Fatal("the seed does not follow from the draw")
	}
	if names := g.Genesis.Config.Names; strings.Join(names, ",") != "Ada,Ben,ada 2" || !g.Genesis.Config.Dealt {
		t.Fatalf("the game's config: %+v", g.Genesis.Config)
	}
	// The mailbox took the genesis: a game envelope of seat 1 is accepted.
	link, err := NewLink(mustLobby(t, host).Game(), g.Genesis, ben.begin.Identity)
	if err != nil {
		t.Fatal(err)
	}
	envs, err := link.Envelopes([]online.Outgoing{{To: PeerOf(0), Data: []byte(`{"hello":1}`)}})
	if err != nil {
		t.Fatal(err)
	}
	c, err := mailbox.Dial(context.Background(), s.url, mailbox.Frame{Game: link.Game()})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Append(context.Background(), envs[0]); err != nil {
		t.Fatalf("the mailbox does not take the game's envelopes: %v", err)
	}
}

func mustLobby(t *testing.T, d *lobbyDevice) *Lobby {
	l, err := NewLobby(d.cfg)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// appendLobby appends a lobby envelope as anyone holding the invitation could.
func appendLobby(t *testing.T, s *server, l *Lobby, kind string, body []byte) {
	t.Helper()
	c, err := mailbox.Dial(context.Background(), s.url, mailbox.Frame{Game: l.Game()})
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		c.Close()
		for deadline := time.Now().Add(5 * time.Second); s.connections(t) != 0; time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatal("the server still counts a closed connection")
			}
		}
	}()
	if _, err := c.Append(context.Background(), l.envelope(kind, body)); err != nil {
		t.Fatal(err)
	}
}

// What a modified device holding the invitation can send into an own-pace lobby: a join or
// reveal under another seat's key, a reveal before every seat is taken, a false secret, a
// genesis of another game. Each is ignored or named, and none makes a device begin a game
// other than the one the lobby drew.
func TestAnOwnPaceLobbyHoldsAgainstForgedMessages(t *testing.T) {
	invite := make([]byte, InvitationSize)
	source(2, 2).Read(invite)
	setup := Setup{Setup: online.Setup{Players: 2, Edition: "birmingham"}}

	t.Run("a body not signed by the key it names takes no seat", func(t *testing.T) {
		s := newServer(t)
		host := newLobbyDevice(t, invite, true, setup, "Ada", 1)
		l := visitLobby(t, s, host)
		mallory := newLobbyDevice(t, invite, false, Setup{}, "Mal", 9)
		ml := mustLobby(t, mallory)
		id, _ := online.IdentityFromSeed(mallory.cfg.KeySeed)
		forged := lobbyBody{T: "join", Key: id.Public(), Box: id.BoxPublic(), Name: "Mal", Commit: strings.Repeat("ab", 32), Sig: mailbox.Encode64(make([]byte, ed25519.SignatureSize))}
		raw, _ := json.Marshal(forged)
		appendLobby(t, s, ml, mailbox.KindLobby, raw)
		if l = visitLobby(t, s, host); len(l.Seats()) != 1 {
			t.Fatalf("a forged join took a seat: %+v", l.Seats())
		}
	})

	t.Run("a reveal before every seat is taken is not taken; a false one names its player", func(t *testing.T) {
		s := newServer(t)
		host := newLobbyDevice(t, invite, true, setup, "Ada", 1)
		visitLobby(t, s, host)
		ben := newLobbyDevice(t, invite, false, Setup{}, "Ben", 2)
		bl := mustLobby(t, ben)
		hl := mustLobby(t, host)
		hid, _ := online.IdentityFromSeed(host.cfg.KeySeed)
		early := hl.signed(lobbyBody{T: "reveal", Key: hid.Public(), Secret: host.cfg.Secret})
		appendLobby(t, s, hl, mailbox.KindLobby, early) // before Ben joins
		visitLobby(t, s, ben)                           // Ben joins and reveals
		bid, _ := online.IdentityFromSeed(ben.cfg.KeySeed)
		_ = bid
		l := visitLobby(t, s, ben)
		if !l.Revealed(1) || l.Revealed(0) {
			t.Fatalf("reveals taken: host %v, Ben %v; the host's came before the last join", l.Revealed(0), l.Revealed(1))
		}
		// A false secret under the host's key (a modified host device).
		lie := hl.signed(lobbyBody{T: "reveal", Key: hid.Public(), Secret: strings.Repeat("0", 64)})
		appendLobby(t, s, bl, mailbox.KindLobby, lie)
		l = visitLobby(t, s, ben)
		if l.Phase() != online.Failed || !strings.Contains(l.Failure(), "Ada's secret does not match") {
			t.Fatalf("a false secret: phase %v, %q", l.Phase(), l.Failure())
		}
	})

	t.Run("a genesis of another game is refused by every device", func(t *testing.T) {
		s := newServer(t)
		host := newLobbyDevice(t, invite, true, setup, "Ada", 1)
		ben := newLobbyDevice(t, invite, false, Setup{}, "Ben", 2)
		visitLobby(t, s, host)
		visitLobby(t, s, ben)
		hl := visitLobby(t, s, host) // both revealed: the host writes the genesis and begins…
		if host.begin == nil {
			t.Fatalf("the host did not begin: %q", hl.Failure())
		}
		// …so spoil a fresh game instead: another genesis written before the host's.
		s2 := newServer(t)
		host2 := newLobbyDevice(t, invite, true, setup, "Ada", 1)
		ben2 := newLobbyDevice(t, invite, false, Setup{}, "Ben", 2)
		visitLobby(t, s2, host2)
		visitLobby(t, s2, ben2)
		l := mustLobby(t, host2)
		other := host.begin.Genesis
		other.Config.Seed++
		appendLobby(t, s2, l, mailbox.KindGenesis, genesisBody(other))
		for _, d := range []*lobbyDevice{host2, ben2} {
			visitLobby(t, s2, d)
			if d.begin != nil || !strings.Contains(d.fail, "not the one its lobby drew") {
				t.Fatalf("a device took a forged genesis: begin %v, %q", d.begin != nil, d.fail)
			}
		}
	})

	t.Run("a device that comes when every seat is taken is told so", func(t *testing.T) {
		s := newServer(t)
		visitLobby(t, s, newLobbyDevice(t, invite, true, setup, "Ada", 1))
		visitLobby(t, s, newLobbyDevice(t, invite, false, Setup{}, "Ben", 2))
		late := newLobbyDevice(t, invite, false, Setup{}, "Cy", 3)
		if l := visitLobby(t, s, late); l.Phase() != online.Failed || !strings.Contains(l.Failure(), "All 2 seats") {
			t.Fatalf("a late device: phase %v, %q", l.Phase(), l.Failure())
		}
	})
}

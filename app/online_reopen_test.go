//go:build !js

package app

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"brass/signal"
)

// A joiner takes the list of seats only from the device the server named the room's host,
// even from a device that claims the host's player id.
func TestOnlineJoinerIgnoresALobbyFromANonHostPeer(t *testing.T) {
	o, err := JoinOnline(NewMemoryStore(), "K7QF-9MZT", "Brunel", "Gold", OnlineOptions{Dial: SignalDialer("ws://127.0.0.1:9/signal")})
	if err != nil {
		t.Fatal(err)
	}
	o.namedHost = func(peer string) bool { return peer == "p1" }
	host := &remote{peer: "p1", player: "adahost", open: true}
	evil := &remote{peer: "p3", player: "mallory", open: true}
	o.remotes = map[string]*remote{"p1": host, "p3": evil}
	lobby := func(from string, seats ...string) []byte {
		m := wireMessage{Type: msgLobby, Size: 3, Host: from}
		for _, p := range seats {
			m.Seats = append(m.Seats, lobbySeat{Player: p, Name: p, Colour: "Red"})
		}
		return encodeMessage(m)
	}

	o.message(evil, lobby("mallory", "mallory", o.me))
	if o.lobbyHost != "" || len(o.lobby) != 0 {
		t.Fatalf("a lobby from a peer the server did not name was taken: host %q, seats %v", o.lobbyHost, o.lobby)
	}
	if !strings.Contains(strings.Join(noticeTexts(o), "\n"), "did not name that device the room's host") {
		t.Fatalf("no notice: %q", noticeTexts(o))
	}
	// Claiming the host's own player id does not help.
	evil.player = "adahost"
	o.message(evil, lobby("adahost", "adahost", "mallory"))
	if o.lobbyHost != "" {
		t.Fatalf("an impersonated lobby was taken: %v", o.lobby)
	}
	o.message(host, lobby("adahost", "adahost", o.me))
	if o.lobbyHost != "adahost" || len(o.lobby) != 2 {
		t.Fatalf("the named host's lobby was not taken: host %q, seats %v", o.lobbyHost, o.lobby)
	}
	// Nor does it let the impersonator start the game.
	start := wireMessage{Type: msgStart, Game: "g1", Host: "adahost", Players: []string{"adahost", o.me},
		Config: &startConfig{Edition: "birmingham", Players: 2, Names: []string{"Ada", "Brunel"}, Colours: []string{"Red", "Gold"}}}
	o.message(evil, encodeMessage(start))
	if o.Phase() != PhaseLobby {
		t.Fatalf("an impersonated start was taken: phase %d", o.Phase())
	}
	// With no server naming (a dialer that names none), no lobby is taken at all.
	o2, _ := JoinOnline(NewMemoryStore(), "K7QF-9MZT", "Kate", "Teal", OnlineOptions{Dial: SignalDialer("ws://127.0.0.1:9/signal")})
	o2.remotes = map[string]*remote{"p1": host}
	host.player = "adahost"
	o2.message(host, lobby("adahost", "adahost"))
	if o2.lobbyHost != "" {
		t.Fatal("a lobby was taken with no host named")
	}
}

func noticeTexts(o *Online) []string {
	var out []string
	for _, n := range o.Notices() {
		out = append(out, n.Text)
	}
	return out
}

// The start gives the room secret to the seated players only.
func TestOnlineStartCarriesTheRoomSecretToSeatedPlayersOnly(t *testing.T) {
	o, err := HostOnline(NewMemoryStore(), GameSetup{Players: 2}, "Ada", "Red", OnlineOptions{Dial: SignalDialer("ws://127.0.0.1:9/signal")})
	if err != nil {
		t.Fatal(err)
	}
	if len(o.roomSecret) != 64 || o.roomKey() == nil {
		t.Fatalf("the host has no room secret: %q", o.roomSecret)
	}
	start := wireMessage{Type: msgStart, Players: []string{o.me, "brunel"}}
	if got := o.startFor("brunel", start).RoomSecret; got != o.roomSecret {
		t.Fatal("a seated player's start lacks the room secret")
	}
	for _, p := range []string{"lurker", ""} {
		if got := o.startFor(p, start).RoomSecret; got != "" {
			t.Fatalf("an unseated device %q got the room secret", p)
		}
	}
	if _, err := decodeMessage([]byte(`{"t":"start","game":"g","host":"h","players":["a","b"],"config":{"edition":"birmingham","players":2,"names":["A","B"],"colours":["Red","Gold"]},"room_secret":"xyz"}`)); err == nil {
		t.Fatal("a malformed room secret was accepted")
	}
}

// A game saved before room secrets existed derives one from its seed draw, the same on
// every player's device and different for another game.
func TestSeedRoomSecretIsSharedByTheGamesDevices(t *testing.T) {
	secrets := []string{strings.Repeat("a", 64), strings.Repeat("b", 64)}
	a := &Online{saved: savedGame{ID: "g1", Online: &onlineMeta{Me: "p1", Secrets: secrets}}}
	b := &Online{saved: savedGame{ID: "g1", Online: &onlineMeta{Me: "p2", Secrets: secrets}}}
	c := &Online{saved: savedGame{ID: "g2", Online: &onlineMeta{Me: "p1", Secrets: secrets}}}
	if a.roomKey() == nil || !a.roomKey().Equal(b.roomKey()) || a.roomKey().Equal(c.roomKey()) {
		t.Fatal("the seed-derived room key is not shared by exactly the game's devices")
	}
	if (&Online{saved: savedGame{Online: &onlineMeta{}}}).roomKey() != nil {
		t.Fatal("a game with no secrets at all has a room key")
	}
}

// Every player of a game can reopen its room after it closed (everyone left and the server
// forgot it), a device without the game's secret cannot, and the players meet again.
func TestOnlineReopenAfterTheRoomClosedNeedsTheGamesKey(t *testing.T) {
	srv := newTestHub(t, signal.Config{EmptyRoomTTL: 100 * time.Millisecond})
	devs := startGame(t, srv, "Ada", "Brunel")
	playMoves(t, devs, 4, 7)
	var ids, rooms, secrets []string
	for _, d := range devs {
		d.do(func() {
			ids = append(ids, d.o.ID())
			rooms = append(rooms, d.o.Room())
			secrets = append(secrets, d.o.saved.Online.RoomSecret)
			d.o.Close()
		})
	}
	if secrets[0] == "" || secrets[0] != secrets[1] {
		t.Fatalf("the devices saved room secrets %q", secrets)
	}
	deadline := time.Now().Add(10 * time.Second)
	for srv.srv.Stats().Rooms > 0 {
		if time.Now().After(deadline) {
			t.Fatal("the room was never forgotten")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if k := srv.srv.Stats().Keys; k != 1 {
		t.Fatalf("the server keeps %d keys, want the room's", k)
	}

	// Someone who knows the code but not the game is refused.
	intruder := roomKeyFrom(newSecret())
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, _, err := SignalDialer(srv.url)(ctx, RoomRequest{Kind: "reopen", Room: rooms[0], Size: 2, Key: intruder})
	var re *RoomError
	if !errors.As(err, &re) || re.Code != signal.CodeNotYourRoom {
		t.Fatalf("an intruder's reopen: %v", err)
	}

	// The players reopen it from their saved games, the second one to reopen joining the first.
	for i, d := range devs {
		o, err := OpenOnline(d.store, ids[i], testOptions(srv))
		if err != nil {
			t.Fatal(err)
		}
		d.o = o
		d.do(func() { o.Connect(d.run, d.changed) })
	}
	for _, d := range devs {
		d.waitUntil("every player is back", 20*time.Second, func(o *Online) bool {
			for _, s := range o.Seats() {
				if s.State != PeerConnected && s.State != PeerYou {
					return false
				}
			}
			return o.Room() == rooms[0]
		})
	}
	playMoves(t, devs, 2, 11)
	sameEverywhere(t, devs)
}

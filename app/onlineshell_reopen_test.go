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

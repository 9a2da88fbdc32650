//go:build !js

package app

import (
	"sync"
	"testing"

	"brass/signal"
)

// A hello lost as a connection opens (seen in the browser under load: the guest's hello never
// reached the host, which never seated it, and the room could not start) heals: the peer's
// own hello says it has not had this device's, and is answered. Each device in turn loses
// the first hello it sends to every peer; the game still starts, every device greeted.
func TestOnlineLobbyHealsALostHello(t *testing.T) {
	names := []string{"Ada", "Brunel", "Kate"}
	for loser := range names {
		t.Run(names[loser], func(t *testing.T) {
			srv := newTestHub(t, signal.Config{})
			var mu sync.Mutex
			lost := map[string]bool{}
			devs := startGameEach(t, srv, GameSetup{}, func(i int, o *OnlineOptions) {
				if i != loser {
					return
				}
				o.lose = func(to string, m wireMessage) bool {
					mu.Lock()
					defer mu.Unlock()
					if m.Type != msgHello || lost[to] {
						return false
					}
					lost[to] = true
					return true
				}
			}, names...)
			mu.Lock()
			n := len(lost)
			mu.Unlock()
			if n != len(names)-1 {
				t.Fatalf("%s lost its first hello to %d peers, want %d", names[loser], n, len(names)-1)
			}
			sameEverywhere(t, devs)
		})
	}
}

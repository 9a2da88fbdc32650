//go:build !js

package app

import (
	"testing"
	"time"

	"brass/mailbox"
)

// gatherPace has a host and then each other player, each device alone, create and join an
// own-pace game of setup with a time per turn: it returns their devices by joining order
// and the game's watch id. The game begins at the host's next visit.
func gatherPace(t *testing.T, srv *mailbox.Server, url string, setup GameSetup, limit time.Duration) ([]*paceDevice, string) {
	t.Helper()
	devs := make([]*paceDevice, setup.Players)
	for i, name := range []string{"Ada", "Ben", "Cy", "Di"}[:setup.Players] {
		devs[i] = &paceDevice{name: name, store: NewMemoryStore()}
	}
	return devs, seatPace(t, srv, url, devs, setup, limit)
}

// seatPace has devs[0] host an own-pace game of setup and the others join it, in turn, each
// visit alone; it returns the game's watch id.
func seatPace(t *testing.T, srv *mailbox.Server, url string, devs []*paceDevice, setup GameSetup, limit time.Duration) string {
	t.Helper()
	var code, watchID string
	for i, pd := range devs {
		open := func(opts OnlineOptions) (*Online, error) {
			if i == 0 {
				return HostOwnPace(pd.store, setup, limit, pd.name, Palette[0].CSS, opts)
			}
			return JoinOwnPace(pd.store, code, pd.name, Palette[i].CSS, opts)
		}
		visitPace(t, srv, url, pd, open, "its seat is in the mailbox", func(o *Online) bool {
			if i == 0 {
				code, watchID = o.Invitation(), o.WatchID()
			}
			return len(o.Seats()) == i+1
		})
	}
	return watchID
}

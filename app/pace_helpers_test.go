//go:build !js

package app

import (
	"testing"
	"time"

	"brass/app/botbrain"
	"brass/mailbox"
)

// gatherPace has a host and then each other player, each device alone, create and join an
// own-pace game of setup with a time per turn: it returns their devices by joining order
// and the game's watch id. The game begins at the host's next visit.
func gatherPace(t *testing.T, srv *mailbox.Server, url string, setup GameSetup, limit time.Duration) ([]*paceDevice, string) {
	t.Helper()
	names := []string{"Ada", "Ben", "Cy", "Di"}[:setup.Players]
	devs := make([]*paceDevice, len(names))
	var code, watchID string
	for i, name := range names {
		devs[i] = &paceDevice{name: name, store: NewMemoryStore()}
		open := func(opts OnlineOptions) (*Online, error) {
			if i == 0 {
				return HostOwnPace(devs[0].store, setup, limit, name, Palette[0].CSS, opts)
			}
			return JoinOwnPace(devs[i].store, code, name, Palette[i].CSS, opts)
		}
		visitPace(t, srv, url, devs[i], open, "its seat is in the mailbox", func(o *Online) bool {
			if i == 0 {
				code, watchID = o.Invitation(), o.WatchID()
			}
			return len(o.Seats()) == i+1
		})
	}
	return devs, watchID
}

// reopenPace opens a device's stored own-pace game again, as a page opened again would, with
// the bots' brain that plays its seat bots.
func reopenPace(pd *paceDevice) func(OnlineOptions) (*Online, error) {
	return func(opts OnlineOptions) (*Online, error) {
		s, err := OpenSaved(pd.store, pd.id, opts)
		if err != nil {
			return nil, err
		}
		o := s.(*Online)
		o.SetBrain(botbrain.Local{})
		return o, nil
	}
}

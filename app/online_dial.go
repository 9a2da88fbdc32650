package app

import (
	"context"
	"errors"

	"brass/app/mesh"
)

// SignalDialer connects to the signalling server at url (placeholder until the signalling
// client lands).
func SignalDialer(url string) Dialer {
	return func(ctx context.Context, req RoomRequest) (mesh.Signalling, Welcome, error) {
		return nil, Welcome{}, errors.New("signalling client not available yet")
	}
}

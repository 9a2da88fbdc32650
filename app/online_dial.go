package app

import (
	"context"
	"errors"

	"brass/app/mesh"
	"brass/signal"

	"github.com/pion/webrtc/v4"
)

// SignalDialer enters rooms through the signalling server at url (ws://host/signal).
func SignalDialer(url string) Dialer {
	return func(ctx context.Context, req RoomRequest) (mesh.Signalling, Welcome, error) {
		c, w, err := signal.Dial(ctx, url, signal.Message{Type: req.Kind, Room: req.Room, Size: req.Size})
		if err != nil {
			var se *signal.Error
			if errors.As(err, &se) && se.Permanent() {
				return nil, Welcome{}, &RoomError{Code: se.Code, Msg: se.Message}
			}
			return nil, Welcome{}, err
		}
		out := Welcome{Room: w.Room, You: w.You, Peers: w.Peers}
		for _, s := range w.ICE {
			out.ICE = append(out.ICE, webrtc.ICEServer{URLs: s.URLs, Username: s.Username, Credential: s.Credential})
		}
		return mesh.Over(c), out, nil
	}
}

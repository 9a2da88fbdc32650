package app

import (
	"context"
	"errors"

	"brass/app/mesh"
	"brass/signal"
)

// SignalDialer enters rooms through the signalling server at url (ws://host/signal).
func SignalDialer(url string) Dialer {
	return func(ctx context.Context, req RoomRequest) (mesh.Signalling, Welcome, error) {
		c, w, err := signal.DialKey(ctx, url, signal.Message{Type: req.Kind, Room: req.Room, Size: req.Size}, req.Key)
		if err != nil {
			var se *signal.Error
			if errors.As(err, &se) && se.Permanent() {
				return nil, Welcome{}, &RoomError{Code: se.Code, Msg: se.Message}
			}
			return nil, Welcome{}, err
		}
		sig, hosts := mesh.OverNamingHosts(c, w.Host)
		out := Welcome{Room: w.Room, You: w.You, Peers: w.Peers, Host: hosts.Named}
		for _, s := range w.ICE {
			out.ICE = append(out.ICE, mesh.ICEServer{URLs: s.URLs, Username: s.Username, Credential: s.Credential})
		}
		return sig, out, nil
	}
}
